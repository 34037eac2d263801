import { errorText, validationText, type ErrorCode } from '@pos/core';

interface AppErrorBase {
  status: number;
  /** Field name → that field's message (Thai text, or a core message id: see wordedFields), for a form to show at the field. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Facts for programs (sent as `details`); they also fill the code's detailed message, if it has one. */
  details?: Record<string, unknown>;
}

/**
 * What an AppError says. The text comes from core's catalogue by code; only a
 * VALIDATION_FAILED may carry its own, which is the first field's message.
 */
export type AppErrorOptions = AppErrorBase &
  (
    | { code: Exclude<ErrorCode, 'VALIDATION_FAILED'>; message?: never }
    // Thai text or a core message id (worded here).
    | { code: 'VALIDATION_FAILED'; message?: string }
  );

/** An error a client caused or may see: becomes `{ error, code }` with this status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(options: AppErrorOptions) {
    super(options.message === undefined ? errorText(options.code, options.details) : validationText(options.message));
    this.statusCode = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export type RefusalCode = Exclude<ErrorCode, 'VALIDATION_FAILED'>;

export const notFound = (code: RefusalCode = 'NOT_FOUND') => new AppError({ status: 404, code });
export const conflict = (code: RefusalCode, extra?: Omit<AppErrorBase, 'status'>) =>
  new AppError({ status: 409, code, ...extra });
