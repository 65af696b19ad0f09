import { RubricPicker, rubricsForTags, tagsAfterPick, useRubrics } from '../../../components/rubric-picker';

/** 'Select Rubrics for Question N': the chosen rubrics become the question's tags ('rubric name - criterion'). */
export function QuestionRubricPicker({
  number,
  tags,
  onTags,
  onClose,
}: {
  number: number;
  tags: string[];
  onTags: (tags: string[]) => void;
  onClose: () => void;
}) {
  const rubrics = useRubrics();
  const all = rubrics.data ?? [];
  return (
    <RubricPicker
      title={`Select Rubrics for Question ${number}`}
      selected={rubricsForTags(tags, all).map((r) => r.id)}
      onCancel={onClose}
      onSelect={(picked) => onTags(tagsAfterPick(tags, picked, all))}
    />
  );
}
