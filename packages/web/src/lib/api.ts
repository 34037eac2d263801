import { ErrorResponse } from '@pos/core';
import type { z } from 'zod';
import { apiErrorText, validationFailureText } from '../i18n/api-error-text';
import { getCurrentLocale, t } from '../i18n/translate';
import { API_BASE, takeEarlyGet, takeReadyEarlyGet } from './early-get';
import { readBody } from './read-body';
import { clearSession, getToken } from './session';

export { API_BASE };
export const API_TIMEOUT_MS = 30_000;

/** Codes the client gives to failures that never reached, or never came back from, the server. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  aborted: 'ABORTED',
  badResponse: 'BAD_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

/**
 * A failed call. `fromServer` is true when the message is the server's own `error` text
 * (shown only for a code the web does not know, see errorMessage); otherwise screens show
 * their own fallback text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** Field name → core's message id (`validation.<id>?<params>`) for the fields whose message has one. */
  readonly fieldIds: Readonly<Record<string, string>> | undefined;
  /** Machine-readable facts the server sent with the refusal (e.g. its figures on TOTALS_CHANGED). */
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly fromServer: boolean;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    fieldIds?: Record<string, string> | undefined;
    details?: Record<string, unknown> | undefined;
    fromServer?: boolean;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.fieldIds = options.fieldIds;
    this.details = options.details;
    this.fromServer = options.fromServer ?? false;
  }
}

/**
 * The text to show for a failure, in the current locale: for a refusal from the server, the
 * web's own text for its code (see apiErrorText), or the server's text for a code the web
 * does not know; for anything else, the screen's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.fromServer) return fallback;
  const locale = getCurrentLocale();
  const known = apiErrorText(locale, error.code, error.details) ?? validationFailureText(locale, error);
  if (known !== null) return known;
  return error.message.trim() !== '' ? error.message : fallback;
}

/** What went wrong, for a line under a screen's own error title: errorMessage with the error's own text as fallback. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? errorMessage(error, error.message) : undefined;
}

/** Turns a failed response into an ApiError, reading the `{ error, code, fields }` body when present. */
export function parseErrorResponse(status: number, body: unknown): ApiError {
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status,
      code: parsed.data.code,
      message: parsed.data.error,
      fields: parsed.data.fields,
      fieldIds: parsed.data.fieldIds,
      details: parsed.data.details,
      fromServer: true,
    });
  }
  return new ApiError({ status, code: CLIENT_ERROR_CODES.http, message: t('errors.http', { status }) });
}

/**
 * Codes answered with 401 that describe wrong credentials typed into a form,
 * not an ended session: they must not sign the user out.
 */
const CREDENTIAL_ERROR_CODES: ReadonlySet<string> = new Set(['INVALID_CREDENTIALS', 'WRONG_CURRENT_PASSWORD']);
const PATHS_WITHOUT_SESSION_END: ReadonlySet<string> = new Set(['/auth/login']);

/** Whether a failed call means the session is over (spec 000 §4: any 401 except the sign-in itself). */
export function endsSession(path: string, error: ApiError): boolean {
  if (error.status !== 401) return false;
  const bare = path.split('?')[0] ?? path;
  return !PATHS_WITHOUT_SESSION_END.has(bare) && !CREDENTIAL_ERROR_CODES.has(error.code);
}

type UnauthorizedHandler = (error: ApiError) => void;

function defaultUnauthorizedHandler(): void {
  if (location.pathname !== '/login') location.assign('/login');
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * Registers what happens after a 401 has cleared the stored session. The app sets this to
 * reset its auth state (whose route guard then sends the user to /login); returns an undo function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

/** The server refuses everything but the change-password screen's calls until the password is changed. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

let passwordChangeRequiredHandler: () => void = () => {};

/**
 * Registers what happens when the server answers PASSWORD_CHANGE_REQUIRED (the
 * app shows its change-password screen); returns an undo function.
 */
export function setPasswordChangeRequiredHandler(handler: () => void): () => void {
  passwordChangeRequiredHandler = handler;
  return () => {
    if (passwordChangeRequiredHandler === handler) passwordChangeRequiredHandler = () => {};
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Validates (and types) the answer; a mismatch is a BAD_RESPONSE error. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Keep the session on a 401 (the sign-out call itself, which clears the session anyway). */
  keepSessionOn401?: boolean;
  /** Read a successful answer as a file (a PDF, an XML document) instead of JSON or text. */
  asBlob?: boolean;
}

/** The promise's outcome, or a rejection as soon as the signal aborts (a timeout, a cancelled query). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (multipart upload) sets its own Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: { status: number; ok: boolean };
  let payload: unknown;
  try {
    // The same GET started at boot (boot.ts) is already on its way: wait for that one instead.
    const early = method === 'GET' && body === undefined ? takeEarlyGet(path, token) : null;
    if (early) {
      const answer = await untilAborted(early, controller.signal);
      response = answer;
      payload = answer.payload;
    } else {
      const fetched = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      });
      response = fetched;
      payload = options.asBlob && fetched.ok ? await fetched.blob() : await readBody(fetched);
    }
  } catch (cause) {
    if (timedOut) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: t('errors.timeout') });
    }
    if (controller.signal.aborted) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.aborted, message: t('errors.aborted') });
    }
    const error = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: t('errors.network') });
    error.cause = cause;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }

  if (!response.ok) {
    const error = parseErrorResponse(response.status, payload);
    if (!options.keepSessionOn401 && endsSession(path, error)) {
      clearSession();
      unauthorizedHandler(error);
    }
    if (error.status === 403 && error.code === PASSWORD_CHANGE_REQUIRED) passwordChangeRequiredHandler();
    throw error;
  }

  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const error = new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.badResponse,
      message: t('errors.badResponse'),
    });
    error.cause = parsed.error;
    throw error;
  }
  return parsed.data;
}

/**
 * A GET's answer started at boot and already read, checked by `schema`, once (see `takeReadyEarlyGet`): for a
 * screen's first render. Null when there is none yet, or it does not pass (the screen's read then asks afresh
 * and reports what is wrong).
 */
export function takeBootAnswer<T>(path: string, schema: z.ZodType<T>): { data: T; receivedAt: number } | null {
  const answer = takeReadyEarlyGet(path, getToken());
  if (!answer) return null;
  const parsed = schema.safeParse(answer.payload);
  return parsed.success ? { data: parsed.data, receivedAt: answer.receivedAt } : null;
}

type CallOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: CallOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: CallOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
