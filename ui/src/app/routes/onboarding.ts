/** Signup and password reset share their step flow, so they load as one chunk. */
export { InstructorSignupRoute, StudentSignupRoute } from './signup';
export { ForgotPasswordRoute } from './forgot-password';
