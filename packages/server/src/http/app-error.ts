import { ERROR_MESSAGES, type ErrorCode } from '@pos/core';

/** An error a client caused or may see: becomes `{ error, code }` with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (code: ErrorCode, message?: string) => new AppError(409, code, message);
export const badRequest = (code: ErrorCode, message?: string, fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
