import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type InstructorAssignment } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { FilterMenu, NoFilterMatches } from '../../../components/filter-menu';
import { AlertIcon, PlusIcon } from '../../../components/icons';
import { ListTabs } from '../../../components/list-tabs';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { useDeleteAssignment } from '../api/delete-assignment';
import { useInstructorAssignments } from '../api/get-instructor-assignments';
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
import { AssignmentRow } from './assignment-row';
import { DeleteAssignmentDialog } from './delete-assignment-dialog';

export const NEW_ASSIGNMENT_PATH = '/instructor/assignments/new-assignment';

/** /instructor/assignments: Upcoming / Past, filters, rows with status, submissions and average, delete. */
export function InstructorAssignmentList() {
  const [tab, setTab] = useState<TabId>('Upcoming');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [deleting, setDeleting] = useState<InstructorAssignment | null>(null);
  const idPrefix = useId();
  const { data, isPending, isError, refetch, dataUpdatedAt } = useInstructorAssignments();
  const remove = useDeleteAssignment();

  const lists = useMemo(() => {
    const now = new Date();
    const split = splitAssignments(data ?? [], now);
    return { now, Upcoming: filterAssignments(split.Upcoming, filters, now), Past: filterAssignments(split.Past, filters, now) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dataUpdatedAt moves "now" forward with every refresh
  }, [data, filters, dataUpdatedAt]);

  const all = data ?? [];
  const shown = lists[tab];

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.assignment_id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(`"${target.title}" was deleted`);
      },
      onError: (err) => console.error('delete-assignment failed', err),
    });
  };

  let body;
  if (isPending) body = <Spinner label="Loading assignments" />;
  else if (isError && all.length === 0)
    body = (
      <EmptyState title={MESSAGES.noAssignments} icon={<AlertIcon width={28} height={28} />}>
        <div className="ia-stack">
          <p>We couldn't load your assignments.</p>
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </EmptyState>
    );
  else if (all.length === 0)
    body = (
      <EmptyState title={MESSAGES.noAssignments}>
        <div className="ia-stack">
          <p>Create your first assignment for one of your courses.</p>
          <Link to={NEW_ASSIGNMENT_PATH} className="button button-primary">
            <PlusIcon width={16} height={16} /> New Assignment
          </Link>
        </div>
      </EmptyState>
    );
  else if (shown.length === 0 && hasFilters(filters)) body = <NoFilterMatches onClear={() => setFilters(NO_FILTERS)} />;
  else if (shown.length === 0) body = <EmptyState title={MESSAGES.noTabAssignments(tab)} />;
  else
    body = (
      <ul className="ia-rows" aria-label={`${tab} assignments`}>
        {shown.map((a) => (
          <AssignmentRow
            key={a.assignment_id}
            assignment={a}
            now={lists.now}
            onDelete={(row) => {
              remove.reset();
              setDeleting(row);
            }}
          />
        ))}
      </ul>
    );

  return (
    <section className="assignment-list">
      <div className="toolbar">
        <ListTabs
          tabs={TABS}
          label="Assignment lists"
          idPrefix={idPrefix}
          selected={tab}
          onSelect={setTab}
          counts={data ? { Upcoming: lists.Upcoming.length, Past: lists.Past.length } : {}}
        />
        <FilterMenu subjects={subjectsOf(all)} value={filters} onChange={setFilters} dueName="instructor-due-filter" />
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`} className="tab-panel" aria-busy={isPending}>
        {body}
      </div>
      {deleting && (
        <DeleteAssignmentDialog
          title={deleting.title}
          busy={remove.isPending}
          error={remove.error ? deleteMessage(remove.error) : null}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

const deleteMessage = (err: Error) =>
  err instanceof ApiError && err.status === 404
    ? 'This assignment no longer exists.'
    : 'The assignment could not be deleted. Please try again.';
