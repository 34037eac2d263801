import type { EnglishOf } from './define-messages';
import type { dialogs as thai } from './dialogs';

/** The shared success, error, confirm and loading dialogs, in English. */
export const dialogs: EnglishOf<typeof thai> = {
  'dialogs.successTitle': 'Success',
  'dialogs.errorTitle': 'An error occurred',
  'dialogs.deleteTitle': 'Confirm deletion',
  'dialogs.deleteMessage': 'Are you sure you want to delete this item?',
  'dialogs.loading': 'Working...',
};
