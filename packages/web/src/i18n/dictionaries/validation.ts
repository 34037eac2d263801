import { VALIDATION_LABELS, VALIDATION_MESSAGES } from '@pos/core';
import { defineMessages, prefixedMessages } from './define-messages';
/**
 * Core's validation messages by id (`validation.<id>`) and the field labels their `{label}` stands for
 * (`validation.label.<label>`), in the Thai core words them (its VALIDATION_MESSAGES and
 * VALIDATION_LABELS: the one source, which the server sends too).
 */
export const validation = defineMessages({
  ...prefixedMessages('validation.', VALIDATION_MESSAGES),
  ...prefixedMessages('validation.label.', VALIDATION_LABELS),
});
