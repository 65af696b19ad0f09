import { z } from 'zod';

/** Validation rules and exact messages from the spec, shared by the forms and the server. */
export const NAME_PATTERN = /^[A-Za-z\u00C0-\u024F' -]{2,50}$/;
export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;
export const GRADES = ['6', '7', '8', '9', '10', '11', '12'] as const;
export const TITLES = ["Ma'am", 'Sir'] as const;
export const VERIFICATION_CODE_TTL_SECONDS = 120;
export const SIGNUP_REDIRECT_SECONDS = 5;
export const FAILED_STEP_RETURN_MS = 2000;

export const VALIDATION_MESSAGES = {
  signupName: 'First and last name must contain only letters, spaces, hyphens or apostrophes (2-50 characters)',
  profileFirstName: 'First name should contain 2-50 letters, spaces, hyphens or apostrophes',
  profileLastName: 'Last name should contain 2-50 letters, spaces, hyphens or apostrophes',
  grade: 'Please select a grade (6-12)',
  title: 'Please select how you would like to be addressed',
  customTitle: 'Please specify your preferred title',
  passwordRules: 'Please ensure your password meets all requirements',
  passwordsDoNotMatch: 'Passwords do not match',
  allFields: 'Please fill out all fields correctly',
  codeDigits: 'Please enter all 6 digits of the verification code',
} as const;

export type PasswordCheck = { id: 'length' | 'upper' | 'lower' | 'digit' | 'special'; label: string; ok: boolean };

export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { id: 'length', label: 'At least 8 characters', ok: password.length >= 8 },
    { id: 'upper', label: 'One uppercase letter', ok: /[A-Z]/.test(password) },
    { id: 'lower', label: 'One lowercase letter', ok: /[a-z]/.test(password) },
    { id: 'digit', label: 'One number', ok: /\d/.test(password) },
    { id: 'special', label: 'One special character', ok: [...password].some((c) => PASSWORD_SPECIALS.includes(c)) },
  ];
}

export const isStrongPassword = (password: string) => passwordChecks(password).every((c) => c.ok);
export const isValidName = (name: string) => NAME_PATTERN.test(name.trim());

export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'email is not a valid address');

export const newPasswordSchema = z
  .string({ error: 'password is required' })
  .max(200, 'password is too long')
  .refine(isStrongPassword, VALIDATION_MESSAGES.passwordRules);

export const signupNameSchema = z.string({ error: 'name is required' }).trim().refine(isValidName, VALIDATION_MESSAGES.signupName);
export const verificationCodeSchema = z.string({ error: 'code is required' }).regex(/^\d{6}$/, VALIDATION_MESSAGES.codeDigits);
