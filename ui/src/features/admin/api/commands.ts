import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { BodyOf, ReplyOf, RouteName } from '@evergrade/contracts';
import { callApi, type CallOptions } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { adminKeys } from './keys';

/**
 * Every admin command is "POST a body, then refetch what it changed at its log position", so one
 * table replaces a dozen near-identical files: the command and the read models it makes stale.
 */
const STALE = {
  updateSchool: [adminKeys.school],
  addAuthorizedDomain: [adminKeys.school],
  removeAuthorizedDomain: [adminKeys.school],
  preapproveStudent: [adminKeys.school],
  importPreapprovedStudents: [adminKeys.school],
  revokePreapprovedStudent: [adminKeys.school],
  createCourse: [adminKeys.courses],
  assignInstructor: [adminKeys.courses],
  unassignInstructor: [adminKeys.courses],
  enrollStudent: [adminKeys.courses],
  unenrollStudent: [adminKeys.courses],
  updateUser: [adminKeys.users, adminKeys.courses, adminKeys.school],
  setSmartBuilderAccess: [adminKeys.users],
  setAnalystAccess: [adminKeys.users],
  setAnalystNames: [adminKeys.school],
  inviteAnalyst: [adminKeys.users],
} satisfies Partial<Record<RouteName, QueryKey[]>>;

export type AdminCommand = keyof typeof STALE;

export const runAdminCommand = <N extends AdminCommand>(name: N, body: BodyOf<N>) =>
  callApi(name, { body } as CallOptions<N>) as Promise<ReplyOf<N>>;

export function useAdminCommand<N extends AdminCommand>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<N>) => runAdminCommand(name, body),
    onSuccess: (reply) => Promise.all(STALE[name].map((key) => invalidateAt(client, key, (reply as { position: string | null }).position))),
  });
}
