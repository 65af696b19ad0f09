import { AddRubricForm } from './add-rubric-form';
import { useRubrics } from './api';
import { byCategory, type RubricId, type RubricItem } from './rules';
import { RubricPickerView } from './rubric-picker-view';

export type RubricPickerProps = {
  /** 'Select Assessment Rubrics' or 'Select Rubrics for Question N'. */
  title: string;
  /** Ids already chosen. */
  selected: readonly RubricId[];
  onSelect: (picked: RubricItem[]) => void;
  onCancel: () => void;
  /** Offer 'Add a rubric' (POST /grader/add-rubric; instructors). Default true. */
  allowAdd?: boolean;
};

/** The rubric modal with its data: GET /grader/get-rubrics, and adding a rubric to the library. */
export function RubricPicker({ title, selected, onSelect, onCancel, allowAdd = true }: RubricPickerProps) {
  const rubrics = useRubrics();
  const list = rubrics.data ?? [];
  const status = rubrics.isError ? 'error' : rubrics.isPending ? 'loading' : 'ready';
  return (
    <RubricPickerView
      key={status}
      title={title}
      rubrics={list}
      status={status}
      onRetry={() => void rubrics.refetch()}
      initialSelected={selected}
      onSelect={onSelect}
      onCancel={onCancel}
      footer={allowAdd && status === 'ready' ? <AddRubricForm categories={byCategory(list).map(([c]) => c)} /> : undefined}
    />
  );
}
