import { DETAILED_ERROR_MESSAGES, ERROR_MESSAGES } from '@pos/core';
import { defineMessages, prefixedMessages } from './define-messages';
/**
 * The API's refusals by their stable code (core's ERROR_CODES), in the Thai core words them (its
 * ERROR_MESSAGES: the one source). `apiErrors.detailed.<CODE>` words a refusal whose `details` fill all
 * its placeholders (core's DETAILED_ERROR_MESSAGES).
 */
export const apiErrors = defineMessages({
  ...prefixedMessages('apiErrors.', ERROR_MESSAGES),
  ...prefixedMessages('apiErrors.detailed.', DETAILED_ERROR_MESSAGES),
});
