import { ERROR_MESSAGES, errorText, type ErrorCode, type ErrorResponse } from '@pos/core';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { validationFailure, wordedFields } from './validation-failure';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
};

/** PostgreSQL's query_canceled: a statement_timeout ran out. */
const POSTGRES_QUERY_CANCELED = '57014';

function body(
  code: ErrorCode,
  {
    error = ERROR_MESSAGES[code],
    fields,
    fieldIds,
    details,
  }: Partial<Pick<ErrorResponse, 'error' | 'fields' | 'fieldIds' | 'details'>> = {},
): ErrorResponse {
  return { error, code, ...(fields && { fields }), ...(fieldIds && { fieldIds }), ...(details && { details }) };
}

/** The one place errors become `{ error, code }`. Anything unexpected is a logged 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    const err = hasZodFastifySchemaValidationErrors(caught)
      ? validationFailure(
          caught.validation.map((issue) => [
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || caught.validationContext || 'body',
            issue.message,
          ]),
        )
      : caught;
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      const fields = err.fields && wordedFields(err.fields);
      return reply.status(err.statusCode).send(body(err.code, { error: err.message, ...fields, details: err.details }));
    }
    if ((err as { code?: unknown }).code === POSTGRES_QUERY_CANCELED) {
      // A back-office read past its statement_timeout (the reader pool's; see database.ts).
      return reply.status(503).send(body('READ_TIMED_OUT'));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL_ERROR'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'PAYLOAD_TOO_LARGE'
            : err instanceof SyntaxError || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'INVALID_JSON'
              : (CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED');
      return reply.status(CODE_BY_STATUS[status] ? status : 400).send(body(code));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(body('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    const details = { method: request.method, url: request.url };
    reply.status(404).send(body('ROUTE_NOT_FOUND', { error: errorText('ROUTE_NOT_FOUND', details), details }));
  });
}

/**
 * Requests the router cannot even match (a broken %-escape, a path segment over the router's
 * length limit): Fastify would answer in English with its own codes.
 */
export function frameworkErrors(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(body('VALIDATION_FAILED'));
}

const CLIENT_ERRORS: Record<string, [number, ErrorCode]> = {
  // A request line or headers over Node's 16 KB limit (e.g. a very long search in the address).
  HPE_HEADER_OVERFLOW: [431, 'PAYLOAD_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'SERVICE_UNAVAILABLE'],
};

/** What Node's HTTP parser refuses before Fastify sees a request, answered in the one error shape. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'VALIDATION_FAILED'];
  const json = JSON.stringify(body(code));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
