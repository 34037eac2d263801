import { msg, type ErrorCode } from '@pos/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** A file part under a name the form does not take: `hint` says which field the file belongs in. */
export function unknownFileError(fieldname: string, hint: string): AppError {
  return new AppError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: msg('server.unknownFile', { field: fieldname }),
    fields: { [fieldname]: hint },
  });
}

/**
 * What a failure while reading a multipart form becomes: our own refusals pass through, a file
 * over its limit is a 413 `fileTooLarge`, too many parts a 413, anything else a malformed form.
 */
export function multipartError(
  err: unknown,
  errors: FastifyInstance['multipartErrors'],
  fileTooLarge: Extract<ErrorCode, 'IMAGE_TOO_LARGE' | 'LOGO_TOO_LARGE'>,
): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof errors.RequestFileTooLargeError) return new AppError({ status: 413, code: fileTooLarge });
  if (
    err instanceof errors.FilesLimitError ||
    err instanceof errors.FieldsLimitError ||
    err instanceof errors.PartsLimitError
  ) {
    return new AppError({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  }
  return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.formInvalid') });
}
