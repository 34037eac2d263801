import { parseValidationMessage, type ValidationId, type ValidationLabel } from '@pos/core';
import { translate } from './translate';
import type { Locale, MessageKey } from './types';

/** Every id and label core has: one without its `validation.` key fails type checking here. */
const messageKey = (id: ValidationId): MessageKey => `validation.${id}`;
const labelKey = (label: ValidationLabel): MessageKey => `validation.label.${label}`;

/**
 * The locale's wording of a core validation message (`validation.<id>?<params>`, as core's
 * schemas give it to the form and the server sends it in `fieldIds`); null for any other text.
 */
export function validationMessage(locale: Locale, message: string): string | null {
  const parsed = parseValidationMessage(message);
  if (!parsed) return null;
  const params = parsed.label ? { ...parsed.params, label: translate(locale, labelKey(parsed.label)) } : parsed.params;
  return translate(locale, messageKey(parsed.id), params);
}

/** A field's message as shown: core's ids in the locale's words, any other text (the server's, zod's) as it is. */
export function validationText(locale: Locale, message: string): string {
  return validationMessage(locale, message) ?? message;
}
