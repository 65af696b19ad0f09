import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import './assignment-list.css';
import { useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_STATUSES, MESSAGES, type AssignmentStatus } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { FilterMenu, NoFilterMatches } from '../../../components/filter-menu';
import { AlertIcon, CalendarIcon, PlusIcon, SparkIcon } from '../../../components/icons';
import { ListTabs } from '../../../components/list-tabs';
import { Spinner } from '../../../components/spinner';
import { assignmentsQueryOptions } from '../api/get-assignments';
import {
  filterAssignments,
  hasFilters,
  NO_FILTERS,
  splitAssignments,
  subjectsOf,
  TABS,
  type Filters,
  type TabId,
} from '../utils/assignment-lists';
// The API module only (not the practice feature's index), so the list does not pull in the practice pages.
import { usePracticeAssignments } from '../../../api/get-practice-assignments';
import { AssignmentCard } from './assignment-card';
import { PracticeCard } from './practice-card';

/** `?selectedFilters=Graded` (or a comma list, or the parameter repeated) pre-selects status filters. */
export function filtersFromParams(params: URLSearchParams): Filters {
  const raw = params.getAll('selectedFilters').flatMap((v) => v.split(','));
  const statuses = [...new Set(raw.map((s) => s.trim()))].filter((s): s is AssignmentStatus =>
    (ASSIGNMENT_STATUSES as readonly string[]).includes(s),
  );
  return { ...NO_FILTERS, statuses };
}

/** `?tab=practice` (or past, upcoming; any case) opens that tab; the list keeps the open tab there. */
export function tabFromParams(params: URLSearchParams): TabId {
  const named = params.get('tab')?.trim().toLowerCase();
  return TABS.find((t) => t.toLowerCase() === named) ?? 'Upcoming';
}

export const PRACTICE_CREATE_PATH = '/student/assignments/practice/create';
export const CALENDAR_PATH = '/calendar';
export const DASHBOARD_PATH = '/student/dashboard';

export function AssignmentList() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  const setTab = (next: TabId) =>
    setParams(
      (p) => {
        const kept = new URLSearchParams(p);
        kept.set('tab', next.toLowerCase());
        return kept;
      },
      { replace: true },
    );
  const [filters, setFilters] = useState<Filters>(() => filtersFromParams(params));
  const selected = params.getAll('selectedFilters').join(',');
  // A link to the list with another ?selectedFilters= while already on it pre-selects again.
  useEffect(() => {
    if (selected) setFilters(filtersFromParams(new URLSearchParams(selected.split(',').map((v) => ['selectedFilters', v]))));
  }, [selected]);
  const idPrefix = useId();
  // The list reloads whenever the student returns to it (spec: list route).
  const { data, isPending, isError, refetch, dataUpdatedAt } = useQuery({ ...assignmentsQueryOptions(), refetchOnMount: 'always' });

  const lists = useMemo(() => {
    const now = new Date();
    const { upcoming, past } = splitAssignments(data ?? {}, now);
    return { now, Upcoming: filterAssignments(upcoming, filters, now), Past: filterAssignments(past, filters, now) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dataUpdatedAt makes "now" move forward with every refresh
  }, [data, filters, dataUpdatedAt]);

  const { practice, loading: practiceLoading } = usePracticeAssignments();
  // created_at serves as a practice item's due date: latest first, like the other tabs
  const practiceSorted = useMemo(() => [...practice].sort((a, b) => b.created_at.localeCompare(a.created_at)), [practice]);
  const total = data ? Object.keys(data).length : 0;
  const shown = tab === 'Practice' ? [] : lists[tab];

  let body;
  if (tab === 'Practice' && practiceLoading) body = <Spinner label="Loading practice assignments" />;
  else if (tab === 'Practice' && practiceSorted.length === 0)
    body = (
      <EmptyState title={MESSAGES.noPractice} icon={<SparkIcon width={28} height={28} />}>
        Practice assignments you create will appear here.
      </EmptyState>
    );
  else if (tab === 'Practice')
    body = (
      <ul className="assignment-grid" aria-label="Practice assignments">
        {practiceSorted.map((p) => (
          <PracticeCard key={p.practice_assignment_id} practice={p} />
        ))}
      </ul>
    );
  else if (isPending) body = <Spinner label="Loading assignments" />;
  else if (isError)
    body = (
      <EmptyState title="We couldn't load your assignments" icon={<AlertIcon width={28} height={28} />}>
        <button type="button" className="button button-secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  else if (total === 0)
    body = <EmptyState title={MESSAGES.noAssignments}>When your instructors publish work, it shows up here.</EmptyState>;
  else if (shown.length === 0 && hasFilters(filters)) body = <NoFilterMatches onClear={() => setFilters(NO_FILTERS)} />;
  else if (shown.length === 0) body = <EmptyState title={MESSAGES.noTabAssignments(tab)} />;
  else
    body = (
      <ul className="assignment-grid" aria-label={`${tab} assignments`}>
        {shown.map((a) => (
          <AssignmentCard key={a.assignment_id} assignment={a} now={lists.now} />
        ))}
      </ul>
    );

  return (
    <section className="assignment-list">
      <div className="list-actions">
        <Link to={CALENDAR_PATH} className="button button-secondary button-sm">
          <CalendarIcon width={16} height={16} /> Calendar
        </Link>
        <Link to={DASHBOARD_PATH} className="button button-secondary button-sm">
          <SparkIcon width={16} height={16} /> Grades &amp; charts
        </Link>
        <Link to={PRACTICE_CREATE_PATH} className="button button-primary button-sm">
          <PlusIcon width={16} height={16} /> New practice assignment
        </Link>
      </div>
      <div className="toolbar">
        <ListTabs
          tabs={TABS}
          label="Assignment lists"
          idPrefix={idPrefix}
          selected={tab}
          onSelect={setTab}
          counts={
            data
              ? { Upcoming: lists.Upcoming.length, Past: lists.Past.length, ...(practiceLoading ? {} : { Practice: practice.length }) }
              : {}
          }
        />
        {tab !== 'Practice' && (
          <FilterMenu subjects={data ? subjectsOf(data) : []} value={filters} onChange={setFilters} dueName="due-filter" />
        )}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`} className="tab-panel" aria-busy={isPending}>
        {body}
      </div>
    </section>
  );
}
