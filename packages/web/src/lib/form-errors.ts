import { parseValidationMessage } from '@pos/core';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorText } from '../i18n/api-error-text';
import { getCurrentLocale } from '../i18n/translate';
import { ApiError } from './api';

/**
 * Puts the server's field errors (`fields` of the error body, or a known code such as
 * USERNAME_TAKEN) on the form's fields. Returns true when at least one field got an error.
 * A refusal whose code the web knows reads in the web's words (see apiErrorText); the
 * server's field texts are shown only for VALIDATION_FAILED and codes the web does not know.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  codeToField: Readonly<Partial<Record<string, Path<T>>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fromServer) return false;
  const known = apiErrorText(getCurrentLocale(), error.code, error.details);
  let applied = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const match = formFields.find((name) => name === field);
    if (match) {
      // Core's id, when the server sent one, is worded at the field in the reader's language.
      const id = error.fieldIds?.[field];
      const fieldMessage = id !== undefined && parseValidationMessage(id) ? id : message;
      setError(match, { type: 'server', message: known ?? fieldMessage });
      applied = true;
    }
  }
  const byCode = codeToField[error.code];
  if (!applied && byCode) {
    setError(byCode, { type: 'server', message: known ?? error.message });
    applied = true;
  }
  return applied;
}
