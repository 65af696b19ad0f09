import { callApi } from '../../../lib/api-client';

export const updateStudentProfile = (names: { firstName: string; lastName: string }) => callApi('updateStudentProfile', { body: names });
