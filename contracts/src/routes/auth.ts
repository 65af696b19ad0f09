import { z } from 'zod';
import { LOGIN_ROLES, ROLES } from '../constants';
import { SessionUserSchema } from '../read-models';
import { emailSchema, GRADES, newPasswordSchema, signupNameSchema, verificationCodeSchema } from '../validation';
import { CommandReplySchema, MessageReplySchema, route } from './route';

export const LoginBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024),
});

const school = z.string({ error: 'school is required' }).trim().min(1, 'school is required').max(100);

export const SchoolBrandingSchema = z.object({ tenant: z.string(), name: z.string(), logo_url: z.string().nullable() });
export type SchoolBranding = z.infer<typeof SchoolBrandingSchema>;

/** The new account, signed in: `user` is what login returns. */
const SignupReplySchema = z.object({ message: z.string(), userId: z.number().int(), user: SessionUserSchema });

export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/auth/login/:role',
    kind: 'command',
    access: 'public',
    summary:
      'Sign in as a student, an instructor, a school admin or an analyst (each only through its own role path); sets the session and CSRF cookies. Guessing is slowed per (address, client IP) with a doubling wait after 5 tries, and failures are limited per IP: 429 with Retry-After.',
    params: z.object({ role: z.enum(ROLES, { error: 'role must be student, instructor, admin or analyst' }) }),
    body: LoginBodySchema,
    reply: SessionUserSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    kind: 'command',
    access: 'authenticated',
    summary: 'End the current session.',
    reply: z.object({ success: z.literal(true) }),
  }),
  validateToken: route({
    method: 'GET',
    path: '/auth/validate-token',
    kind: 'query',
    access: 'authenticated',
    summary: 'Check the session cookie; 401 when signed out.',
    reply: z.object({ status: z.literal('success'), data: SessionUserSchema }),
  }),
  ping: route({
    method: 'GET',
    path: '/auth/ping',
    kind: 'query',
    access: 'public',
    summary: 'Reachability check.',
    reply: z.object({ status: z.literal('ok') }),
  }),
  schoolBranding: route({
    method: 'GET',
    path: '/auth/school/:tenant',
    kind: 'query',
    access: 'public',
    summary: "A school's name and logo for its tenant-branded login and signup pages; 404 for an unknown school.",
    params: z.object({ tenant: z.string().regex(/^[a-z0-9-]{1,63}$/, 'tenant must be lowercase letters, digits or hyphens') }),
    reply: SchoolBrandingSchema,
  }),
  changePassword: route({
    method: 'POST',
    path: '/auth/change-password',
    kind: 'command',
    access: 'authenticated',
    summary:
      "Change the signed-in user's password; 400 (field currentPassword) when the current password is wrong, so the client does not sign out.",
    body: z.object({
      currentPassword: z.string({ error: 'currentPassword is required' }).min(1, 'currentPassword is required').max(1024),
      newPassword: newPasswordSchema,
    }),
    reply: z.object({ message: z.string() }),
  }),
  signupRequestVerification: route({
    method: 'POST',
    path: '/auth/signup/request-verification',
    kind: 'command',
    access: 'public',
    summary:
      'E-mail a 6-digit code valid 120 s. 403 when the domain (instructor) or address (student) is not authorised, 409 when registered, 429 when asked too often.',
    body: z.object({ email: emailSchema, school, type: z.enum(LOGIN_ROLES).default('instructor') }),
    reply: MessageReplySchema,
  }),
  signupVerifyCode: route({
    method: 'POST',
    path: '/auth/signup/verify-code',
    kind: 'command',
    access: 'public',
    summary: 'Check the code: 401 wrong, 410 expired or used; returns the school name.',
    body: z.object({ email: emailSchema, code: verificationCodeSchema }),
    reply: z.object({ message: z.string(), school: z.string() }),
  }),
  signupInstructor: route({
    method: 'POST',
    path: '/auth/signup/instructor',
    kind: 'command',
    access: 'public',
    summary:
      'Create an instructor account after a verified code and sign it in (session and CSRF cookies, as login): 403 e-mail not verified, 409 already registered.',
    body: z.object({
      email: emailSchema,
      password: newPasswordSchema,
      firstName: signupNameSchema,
      lastName: signupNameSchema,
      school,
      preferredTitle: z.string({ error: 'preferredTitle is required' }).trim().min(1, 'Please specify your preferred title').max(30),
    }),
    reply: SignupReplySchema,
  }),
  signupStudent: route({
    method: 'POST',
    path: '/auth/signup/student',
    kind: 'command',
    access: 'public',
    summary:
      'Create a student account after a verified code and sign it in (session and CSRF cookies, as login): 403 e-mail not verified, 409 already registered.',
    body: z.object({
      email: emailSchema,
      password: newPasswordSchema,
      firstName: signupNameSchema,
      lastName: signupNameSchema,
      school,
      grade: z.union([z.enum(GRADES), z.number().int().min(6).max(12).transform(String)], { error: 'Please select a grade (6-12)' }),
    }),
    reply: SignupReplySchema,
  }),
  forgotPasswordRequest: route({
    method: 'POST',
    path: '/auth/forgot-password/request',
    kind: 'command',
    access: 'public',
    summary: 'E-mail a reset code; 404 for an unknown address, 429 when asked too often.',
    body: z.object({ email: emailSchema }),
    reply: MessageReplySchema,
  }),
  forgotPasswordVerify: route({
    method: 'POST',
    path: '/auth/forgot-password/verify',
    kind: 'command',
    access: 'public',
    summary: 'Check a reset code: 401 wrong, 410 expired or used; returns the account type.',
    body: z.object({ email: emailSchema, code: verificationCodeSchema }),
    reply: z.object({ message: z.string(), userType: z.enum(ROLES) }),
  }),
  forgotPasswordReset: route({
    method: 'POST',
    path: '/auth/forgot-password/reset',
    kind: 'command',
    access: 'public',
    summary: "Set a new password with a verified code; ends the user's other sessions.",
    body: z.object({ email: emailSchema, code: verificationCodeSchema, password: newPasswordSchema }),
    reply: MessageReplySchema,
  }),
} as const;

export const UpdateProfileBodySchema = z.object({
  firstName: z.string({ error: 'firstName is required' }).trim(),
  lastName: z.string({ error: 'lastName is required' }).trim(),
});
export { CommandReplySchema };
