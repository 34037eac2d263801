import { ERROR_MESSAGES, parseValidationMessage, validationText, type ErrorResponse } from '@pos/core';
import { AppError } from './app-error';

/**
 * A refusal's field messages for the wire: `fields` in Thai, and `fieldIds` for those core
 * gives by id (`validation.<id>?<params>`), so a client can word them in its own language.
 */
export function wordedFields(messages: Readonly<Record<string, string>>): Pick<ErrorResponse, 'fields' | 'fieldIds'> {
  const fields: Record<string, string> = {};
  const fieldIds: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages)) {
    fields[field] = validationText(message);
    if (parseValidationMessage(message)) fieldIds[field] = message;
  }
  return Object.keys(fieldIds).length > 0 ? { fields, fieldIds } : { fields };
}

/**
 * The 400 VALIDATION_FAILED for a request's problems (field path → message, first one first):
 * the error names the first field, `fields` keeps the first message of each.
 */
export function validationFailure(problems: Iterable<readonly [field: string, message: string | undefined]>): AppError {
  const fields: Record<string, string> = {};
  for (const [field, message] of problems) fields[field] ??= message || ERROR_MESSAGES.VALIDATION_FAILED;
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['body', ERROR_MESSAGES.VALIDATION_FAILED];
  return new AppError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: `${validationText(firstMessage)} (${firstField})`,
    fields,
  });
}
