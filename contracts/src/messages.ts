/** Exact wording from the spec. UI and server both use these, so they cannot drift apart. */
export const MESSAGES = {
  loginFailed: 'Email address or password is incorrect',
  notRegisteredAs: (email: string, role: string) =>
    `${email} is not registered as ${role === 'instructor' ? 'an instructor' : role === 'analyst' ? 'an analyst' : 'a student'}`,
  notAuthenticated: 'You are not signed in. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  csrfMissing: 'Missing or invalid CSRF token',
  tenantMismatch: 'This session belongs to another school',
  assignmentNotFound: 'Assignment not found',
  questionNotFound: 'Question not found in this assignment',
  alreadySubmitted: 'This assignment has already been submitted and can no longer be changed',
  pastDue: 'This assignment is past due and can no longer be changed',
  graded: 'This assignment has been graded and can no longer be changed',
  noOnlineSubmissions: 'This assignment does not take online submissions: your instructor collects the work',
  questionGraded: 'This question has been graded and can no longer be changed',
  lockedTooltip: 'This assignment is past due or has been graded',
  saveFailed: 'Save failed',
  incompleteQuestions: (n: number) => `You have ${n} incomplete questions. Are you sure you want to submit?`,
  submitted: 'Assignment submitted successfully!',
  saveBeforeSubmitFailed: 'There was an error saving your responses. Please try again.',
  submitFailed: 'There was an error submitting your assignment. Please try again.',
  loadFailed: 'There was an error loading this assignment. Please try again.',
  noAssignments: 'No assignments yet',
  noMatches: 'No assignments match your filters',
  noTabAssignments: (tab: string) => `No ${tab} assignments`,
  noPractice: 'No Practice Assignments Yet',
  offline: 'You are offline. Timer continues but changes may not be saved.',
  connectionLost: 'Connection lost. Your progress is being saved locally.',
  /** The spec's offline message speaks of a timer; an untimed assignment has none. */
  offlineUntimed: 'You are offline. Your answers are kept on this device and sent when the connection returns.',
  refusedKept: 'What you typed is kept in this box and on this device: change it to save it again, or copy it.',
  refusedKeptLocked: 'What you typed is kept in this box and on this device: copy it if you need it.',
  refusedBeforeSubmit: (n: number) =>
    `${n === 1 ? 'One answer was' : `${n} answers were`} not saved. If you submit now, the last saved ` +
    `answer is submitted in ${n === 1 ? 'its' : 'their'} place; what you typed stays on this device. Submit anyway?`,
  conflict: 'The data changed while you were saving. Please try again.',
  internal: 'Something went wrong on our side. Please try again.',
  /** A multipart body the parser cannot read: cut off, a wrong or missing boundary, a malformed part. */
  brokenForm: 'The upload could not be read: it was cut off or is not valid multipart/form-data. Please try again.',
  formLimits: 'The upload has more files or fields than this form accepts.',
} as const;

/** Onboarding and account messages; the spec's own wording where it gives one (document 3, section 8). */
export const ACCOUNT_MESSAGES = {
  domainNotAuthorized: 'This email domain is not authorized for signup.',
  addressNotAuthorized: 'This email address is not authorized for signup.',
  alreadyRegistered: 'This email is already registered.',
  createAlreadyRegistered: 'Email already registered.',
  codeExpired: 'Verification code has expired. Please request a new one.',
  codeInvalid: 'Invalid verification code. Please try again.',
  codeLocked: 'Too many incorrect attempts. Please request a new code.',
  notVerified: 'Email not verified. Please start over.',
  noAccount: 'No account found with this email address.',
  codeSent: 'A verification code has been sent to your email.',
  resetCodeSent: 'A password reset code has been sent to your email.',
  codeVerified: 'Email verified successfully.',
  accountCreated: 'Account created successfully.',
  passwordReset: 'Password reset successfully. Please log in with your new password.',
  passwordChanged: 'Password updated successfully!',
  currentPasswordWrong: 'Current password is incorrect.',
  waitBeforeNewCode: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  tooManyCodes: (minutes: number) => `Too many verification codes requested. Please try again in ${plural(minutes, 'minute')}.`,
  /** The wait in seconds; said in minutes from one minute on. */
  tooManyLogins: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute')}.`,
  tooManyPasswordAttempts: (minutes: number) => `Too many incorrect passwords. Please try again in ${plural(minutes, 'minute')}.`,
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Timed assignments (spec document 1, sections 4 and 8); the warning texts are ours, the spec gives only the times. */
export const TIMER_MESSAGES = {
  startsImmediately: 'Timer starts immediately and cannot be paused',
  restored: 'Timer restored. Your time continues from where you left off.',
  timeUp: 'Time is up! Your responses will be auto-submitted.',
  autoSubmitted: 'Time expired! Your assignment has been automatically submitted.',
  autoSubmitFailed: 'Time expired but auto-submission failed. Please submit manually if possible.',
  leaveConfirm: 'You have an active timed assignment. Are you sure you want to leave?',
  sessionAlreadyActive: 'Session already active',
  startFailed: 'Failed to start the timed assignment. Please try again.',
  connectionLostLabel: 'Connection Lost',
  warning: (seconds: number) =>
    seconds >= 60 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'} remaining` : `${seconds} seconds remaining`,
  // Server refusals.
  timeLimitPassed: 'The time limit for this assignment has passed; no more changes are accepted',
  notStarted: 'Start the timed assignment before answering',
  startBeforeQuestions: 'Start the timed assignment to see its questions',
  notTimed: 'This assignment has no time limit',
  noSession: 'No timed session found',
  noRunningSession: 'This student has no running timed session for this assignment',
} as const;
