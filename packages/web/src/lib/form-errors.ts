import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's field errors (`fields` of the error body, or a known code such as
 * USERNAME_TAKEN) on the form's fields. Returns true when at least one field got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  codeToField: Readonly<Partial<Record<string, Path<T>>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fromServer) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const match = formFields.find((name) => name === field);
    if (match) {
      setError(match, { type: 'server', message });
      applied = true;
    }
  }
  const byCode = codeToField[error.code];
  if (!applied && byCode) {
    setError(byCode, { type: 'server', message: error.message });
    applied = true;
  }
  return applied;
}
