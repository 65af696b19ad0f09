import { useEffect, useMemo, useState } from 'react';
import type { LibraryQuestion } from '@evergrade/contracts';
import { SearchIcon } from '../../../components/icons';
import { useQuestionSearch } from '../api/search-questions';
import { useDraftStore } from '../stores/draft-store';
import { applyFilters, hasFilters, marksCeiling, NO_FILTERS, setMarksBound, type BuilderFilters } from '../utils/builder-filters';
import { draftFromPick, pickOf, selectionSummary } from '../utils/question-sources';
import { SEARCH_DEBOUNCE_MS, SKELETON_CARDS } from '../utils/timings';
import { LibraryQuestionCard, LibraryQuestionModal } from './library-question';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** Smart Builder: search the question library, filter, preview, pick; then Preview Assignment. */
export function SmartBuilder({ onBack }: { onBack: () => void }) {
  const picked = useDraftStore((s) => s.picked);
  const togglePick = useDraftStore((s) => s.togglePick);
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const search = useQuestionSearch(text.trim() === '' ? '' : query);
  const [filters, setFilters] = useState<BuilderFilters>(NO_FILTERS);
  const [opened, setOpened] = useState<LibraryQuestion | null>(null);

  const results = useMemo(
    () => (search.isError || text.trim() === '' ? [] : (search.data?.questions ?? [])),
    [search.isError, search.data, text],
  );
  const ceiling = marksCeiling(results);
  const shown = applyFilters(results, filters);
  const subjects = [...new Set(results.map((q) => q.subject))].sort();
  const types = [...new Set(results.map((q) => q.question_type))].sort();
  const loading = text.trim() !== '' && (search.isFetching || query !== text) && !search.isError;
  const isPicked = (q: LibraryQuestion) => picked.some((p) => p.id === q.id);

  const preview = () => {
    const d = useDraftStore.getState();
    d.setQuestions(d.picked.map(draftFromPick));
    d.setStep('preview');
  };

  return (
    <div className="wz-step">
      <section className="card wz-card wz-builder-search">
        <div className="wz-search">
          <SearchIcon width={18} height={18} aria-hidden="true" />
          <input
            className="input"
            type="search"
            aria-label="Search the question library"
            placeholder="Begin typing to search the question library"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
        </div>
        <div className="wz-filters" aria-label="Filters" role="group">
          <label className="field">
            <span className="field-label">Subject</span>
            <select className="input" value={filters.subject} onChange={(e) => setFilters({ ...filters, subject: e.target.value })}>
              <option value="">All subjects</option>
              {subjects.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Question Type</span>
            <select
              className="input"
              value={filters.question_type}
              onChange={(e) => setFilters({ ...filters, question_type: e.target.value })}
            >
              <option value="">All types</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Marks min</span>
            <input
              className="input"
              type="number"
              min={0}
              max={ceiling}
              step={0.25}
              value={filters.marks_min ?? ''}
              placeholder="0"
              onChange={(e) => setFilters(setMarksBound(filters, 'min', numberOrNull(e.target.value), ceiling))}
            />
          </label>
          <label className="field">
            <span className="field-label">Marks max</span>
            <input
              className="input"
              type="number"
              min={0}
              max={ceiling}
              step={0.25}
              value={filters.marks_max ?? ''}
              placeholder={String(ceiling)}
              onChange={(e) => setFilters(setMarksBound(filters, 'max', numberOrNull(e.target.value), ceiling))}
            />
          </label>
          <button type="button" className="link-button wz-clear" disabled={!hasFilters(filters)} onClick={() => setFilters(NO_FILTERS)}>
            Clear all
          </button>
        </div>
      </section>

      <p className="wz-summary" role="status" data-testid="builder-summary">
        {selectionSummary(picked)}
      </p>

      {text.trim() !== '' && (
        <div className="wz-results" aria-busy={loading} data-testid="builder-results">
          {loading
            ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <div key={i} className="card wz-skeleton" data-testid="builder-skeleton" aria-hidden="true" />
              ))
            : shown.map((q) => (
                <LibraryQuestionCard
                  key={q.id}
                  question={q}
                  picked={isPicked(q)}
                  onOpen={() => setOpened(q)}
                  onToggle={() => togglePick(pickOf(q))}
                />
              ))}
          {!loading && results.length > 0 && shown.length === 0 && <p className="text-muted">No questions match these filters.</p>}
          {!loading && !search.isError && search.isSuccess && results.length === 0 && <p className="text-muted">No questions found.</p>}
        </div>
      )}

      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Change AI Mode
        </button>
        <button type="button" className="button button-primary" disabled={picked.length === 0} onClick={preview}>
          {picked.length === 0 ? 'Select at least one question' : 'Preview Assignment'}
        </button>
      </div>
      {opened && (
        <LibraryQuestionModal
          question={opened}
          picked={isPicked(opened)}
          onToggle={() => togglePick(pickOf(opened))}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
