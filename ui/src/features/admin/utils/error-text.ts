import { ApiError } from '../../../lib/api-client';

/** Admin forms show the server's own words (they name the field and the rule). */
export const errorText = (err: unknown) => (err instanceof ApiError && err.status !== 0 ? err.message : 'Network error. Please try again.');
