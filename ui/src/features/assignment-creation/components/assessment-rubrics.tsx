import { useState } from 'react';
import { RubricPicker, tagOf } from '../../../components/rubric-picker';
import { useDraftStore } from '../stores/draft-store';

/** Optional assessment rubrics for the whole assignment ('Select Assessment Rubrics'). */
export function AssessmentRubrics() {
  const rubrics = useDraftStore((s) => s.rubrics);
  const setRubrics = useDraftStore((s) => s.setRubrics);
  const [open, setOpen] = useState(false);
  return (
    <div className="wz-rubrics">
      <div className="chip-row">
        {rubrics.length === 0 && <span className="text-muted">No rubrics selected.</span>}
        {rubrics.map((r) => (
          <span key={String(r.id)} className="chip tag-chip">
            {tagOf(r)}
          </span>
        ))}
      </div>
      <button type="button" className="button button-secondary button-sm" onClick={() => setOpen(true)}>
        {rubrics.length ? 'Change rubrics' : 'Select rubrics'}
      </button>
      {open && (
        <RubricPicker
          title="Select Assessment Rubrics"
          selected={rubrics.map((r) => r.id)}
          onCancel={() => setOpen(false)}
          onSelect={(picked) => {
            setRubrics(picked.map((r) => ({ id: r.id, rubric_name: r.rubric_name, criterion: r.criterion })));
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
