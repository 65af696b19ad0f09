import { callApi } from '../../../lib/api-client';

export const updateInstructorProfile = (body: { firstName: string; lastName: string; title: string }) =>
  callApi('updateInstructorProfile', { body });
