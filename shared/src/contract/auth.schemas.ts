/** The contract of logging in and the owner's account: signup, login, password reset, account settings (calls: auth.calls.ts). */

import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../domain.ts';
import { Email, Phone } from './fields.schemas.ts';

export const LoginRequest = z.object({
  email: Email,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SignupRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'Password is required.' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024, 'Password must be at most 1024 characters.'),
  phoneNumber: Phone,
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Log-in's answer: the token, and whose login it is: the owner's (the dashboard) or a crew member's (the crew pages). */
export const LoginResponse = TokenResponse.extend({ account: z.enum(['owner', 'crew']) });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** What the signed token carries; the dashboard decodes it (docs/product.md#screens: the session). */
export const SessionPayload = z.object({
  sub: z.string(),
  email: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  tv: z.number().optional(),
  /** 'crew' on a crew member's token (it opens /crew and the crew calls only); absent on an owner's. */
  k: z.literal('crew').optional(),
});
export type SessionPayload = z.infer<typeof SessionPayload>;

// ---------- account (password reset, settings) ----------

export const NewPassword = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1024, 'Password must be at most 1024 characters.');

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'The link has no token.' }).min(1, 'The link has no token.').max(200),
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
export const ResetTokenStatus = z.object({ valid: z.literal(true), email: z.string() });

export const Account = z.object({ email: z.string(), phoneNumber: z.string() });
export type Account = z.infer<typeof Account>;
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(1024),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
export const PhoneUpdateRequest = z.object({ phoneNumber: Phone });
