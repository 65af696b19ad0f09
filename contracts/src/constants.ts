/** Numbers the spec fixes (document 1, section 9). */
export const AUTOSAVE_DELAY_MS = 2000;
export const EDITOR_EMIT_DELAY_MS = 50;
export const SAVE_STATUS_CLEAR_MS = 3000;
export const TOAST_DURATION_MS = 4000;
export const TOAST_FADE_MS = 300;
export const AUTH_REDIRECT_DELAY_MS = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;

export const ROLES = ['student', 'instructor', 'admin', 'analyst'] as const;
export type Role = (typeof ROLES)[number];
export const LOGIN_ROLES = ['student', 'instructor'] as const;
export type LoginRole = (typeof LOGIN_ROLES)[number];

export const ASSIGNMENT_STATUSES = ['Incomplete', 'In Progress', 'Submitted', 'Graded'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const SESSION_COOKIE = 'access_token_cookie';
export const CSRF_COOKIE = 'csrf_access_token';
export const CSRF_HEADER = 'x-csrf-token';
export const TENANT_HEADER = 'x-tenant';
export const MIN_POSITION_HEADER = 'x-min-position';

/** Longest a response may be, in characters; a rich-text answer with images is stored by reference. */
export const MAX_RESPONSE_LENGTH = 200_000;
