/** The calls of logging in and the owner's account: signup, login, password reset, account settings (schemas: auth.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const authCalls = {
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'none',
    limit: 'signup',
    body: 'SignupRequest',
    response: 'TokenResponse',
    status: 201,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    limit: 'login',
    body: 'LoginRequest',
    response: 'LoginResponse',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ForgotPasswordRequest',
    response: 'OkBody',
  },
  resetStatus: {
    method: 'GET',
    path: '/api/auth/reset-password',
    auth: 'none',
    limit: 'passwordReset',
    query: 'TokenQuery',
    response: 'ResetTokenStatus',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'none',
    limit: 'passwordReset',
    body: 'ResetPasswordRequest',
    response: 'TokenResponse',
  },
} as const satisfies Record<string, RouteDef>;

export const authAccountCalls = {
  get: {
    method: 'GET',
    path: `${owner}/account`,
    auth: 'owner',
    response: 'Account',
  },
  changePassword: {
    method: 'PUT',
    path: `${owner}/account/password`,
    auth: 'owner',
    limit: 'passwordChange',
    body: 'ChangePasswordRequest',
    response: 'TokenResponse',
  },
  changePhone: {
    method: 'PUT',
    path: `${owner}/account/phone`,
    auth: 'owner',
    body: 'PhoneUpdateRequest',
    response: 'Account',
  },
  exportBookingsCsv: {
    method: 'GET',
    path: `${owner}/bookings/export`,
    auth: 'owner',
    response: { mediaType: 'text/csv', description: 'RFC 4180 CSV with a header row.' },
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const authSummaries: { auth: SummariesOf<typeof authCalls>; account: SummariesOf<typeof authAccountCalls> } = {
  auth: {
    signup: 'Creates an owner account and its (empty) business; answers a session token.',
    login:
      "Answers a session token for a correct e-mail and password, and whose login it is: an owner's or a crew member's. Sets an HttpOnly device cookie (path /api/auth): a browser that sends it back is held up only by its own wrong passwords, never by other people's (docs/decisions/030). Refused: BAD_CREDENTIALS, RATE_LIMITED with Retry-After.",
    forgotPassword: 'Mails a password reset link when an account has this e-mail; answers the same either way.',
    resetStatus: 'Whether a reset link still works, and for which account.',
    resetPassword:
      'Sets a new password with a reset link (once); every older session and device cookie ends, and this browser gets a new device cookie.',
  },
  account: {
    get: "The owner's login e-mail and phone number.",
    changePassword: 'Changes the password; answers a fresh token, and every other session ends.',
    changePhone: "Changes the owner's phone number.",
    exportBookingsCsv: 'Every booking as CSV, times in the business time zone.',
  },
};
