import { detailedTemplate, ERROR_CODES, type ErrorCode } from '@pos/core';
import { dictionaryOf, INTL_LOCALE, translate } from './translate';
import { validationMessage } from './validation-text';
import type { Locale, MessageKey, MessageParams } from './types';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

const isKnownCode = (code: string): code is ErrorCode => KNOWN_CODES.has(code);

/** Every code has a message: a code without its `apiErrors.<CODE>` key fails type checking here. */
const plainKey = (code: ErrorCode): MessageKey => `apiErrors.${code}`;

function detailedKey(locale: Locale, code: ErrorCode): MessageKey | null {
  const key = `apiErrors.detailed.${code}`;
  return Object.hasOwn(dictionaryOf(locale), key) ? (key as MessageKey) : null;
}

/** The text and number facts of `details`, numbers written the locale's way. */
function paramsOf(locale: Locale, details: Readonly<Record<string, unknown>>): MessageParams {
  const numbers = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === 'number') params[name] = numbers.format(value);
    else if (typeof value === 'string') params[name] = value;
  }
  return params;
}

/**
 * The locale's text for a refusal the API answered with `code`: its detailed message when
 * `details` fill all its placeholders, else its plain one. Null for a code the web does not
 * know, and for VALIDATION_FAILED, whose text is the refused field's own message: the
 * caller then shows the server's text.
 */
export function apiErrorText(
  locale: Locale,
  code: string,
  details: Readonly<Record<string, unknown>> | undefined,
): string | null {
  if (!isKnownCode(code) || code === 'VALIDATION_FAILED') return null;
  const detailed = detailedKey(locale, code);
  if (detailed && details && detailedTemplate(dictionaryOf(locale)[detailed], details)) {
    return translate(locale, detailed, paramsOf(locale, details));
  }
  return translate(locale, plainKey(code));
}

/**
 * The locale's text for a VALIDATION_FAILED refusal, as the server words it: the first refused
 * field's message and its name. Null when that message has no id the web knows (the caller then
 * shows the server's text).
 */
export function validationFailureText(
  locale: Locale,
  refusal: {
    code: string;
    fields?: Readonly<Record<string, string>> | undefined;
    fieldIds?: Readonly<Record<string, string>> | undefined;
  },
): string | null {
  if (refusal.code !== 'VALIDATION_FAILED') return null;
  const first = Object.keys(refusal.fields ?? {})[0];
  const id = first === undefined ? undefined : refusal.fieldIds?.[first];
  const text = id === undefined ? null : validationMessage(locale, id);
  return text === null ? null : `${text} (${first})`;
}
