import type { EnglishOf } from './define-messages';
import type { app as thai } from './app';

/** The app shell: loading, language, notifications, unknown pages, in English. */
export const app: EnglishOf<typeof thai> = {
  'app.loading': 'Loading data...',
  'app.language': 'Change language',
  'app.languageShort': 'ไทย',
  'app.notifications': 'Notifications',
  'app.pageNotFound': 'Page not found',
  'app.pageNotFoundDetail': 'There is no page at {path}, so you were taken to the dashboard.',
};
