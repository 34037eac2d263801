import type { EnglishOf } from './define-messages';
import type { auth as thai } from './auth';

/** Signing in and out, in English. */
export const auth: EnglishOf<typeof thai> = {
  'auth.loginSuccess': 'Login successful',
  'auth.welcome': 'Welcome {name}',
  'auth.loginFailed': 'Login failed',
  'auth.loginError': 'An error occurred while logging in',
  'auth.logoutSuccess': 'Logged out successfully',
  'auth.logout': 'Log out',
  'auth.sessionExpired': 'Your session has expired, please log in again',
};
