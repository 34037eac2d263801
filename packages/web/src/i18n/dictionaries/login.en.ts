import type { EnglishOf } from './define-messages';
import type { login as thai } from './login';

/** The sign-in screen, in English. */
export const login: EnglishOf<typeof thai> = {
  'login.title': 'Log in',
  'login.subtitle': 'Point of sale and shop management',
  'login.username': 'Username',
  'login.usernamePlaceholder': 'Enter your username',
  'login.password': 'Password',
  'login.passwordPlaceholder': 'Enter your password',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in...',
  'login.firstUseTitle': 'First-use account',
  'login.firstUseHint': 'Please change the password after logging in',
  'login.firstUseUsername': 'Username: {username}',
  'login.firstUsePassword': 'Password: {password}',
};
