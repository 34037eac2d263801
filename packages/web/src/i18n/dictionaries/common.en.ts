import type { EnglishOf } from './define-messages';
import type { common as thai } from './common';

/** Words many screens share, in English. */
export const common: EnglishOf<typeof thai> = {
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.saving': 'Saving...',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.retry': 'Try again',
  'common.back': 'Go back',
  'common.error': 'An error occurred',
  'common.optional': '(optional)',
  'common.showSecret': 'Show',
  'common.hideSecret': 'Hide',
  'common.originalPrice': 'Was {price}',
  'common.size': 'Size {size}',
  'common.color': 'Colour {color}',
};
