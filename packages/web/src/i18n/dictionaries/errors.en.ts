import type { EnglishOf } from './define-messages';
import type { errors as thai } from './errors';

/** Failures of the API client itself and of rendering, in English. */
export const errors: EnglishOf<typeof thai> = {
  'errors.network':
    'Cannot connect to the server, please check your internet connection (offline, the till still sells; refunds, editing sales and changing settings need the internet)',
  'errors.timeout': 'The connection took too long, please try again',
  'errors.badResponse': 'The server sent data in an unexpected format',
  'errors.http': 'The server answered with an error (status {status})',
  'errors.aborted': 'The request was cancelled',
  'errors.unexpectedTitle': 'Something went wrong',
  'errors.unexpected': 'This page could not be shown, please reload it',
  'errors.reload': 'Reload',
};
