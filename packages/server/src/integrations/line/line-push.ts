/** How long a push may take before it counts as LINE being unreachable. */
export const LINE_PUSH_TIMEOUT_MS = 10_000;

/**
 * A push LINE did not accept: `rejected` when LINE answered with an error (bad token, bad user
 * id, quota), `unreachable` when no answer came (network, timeout, LINE's own 5xx). The message
 * is LINE's, never the token.
 */
export class LinePushError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    readonly lineStatus: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface LinePush {
  /** `LINE_API_BASE`, or null for LINE's own API. */
  apiBase: string | null;
  token: string;
  to: string;
  text: string;
  /** X-Line-Retry-Key (a UUID): LINE accepts a resent push with the same key only once. */
  retryKey?: string;
  timeoutMs?: number;
}

/** A header can carry it: visible ASCII only (a Thai letter or a space would make fetch throw). */
export function isSendableToken(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}

/** LINE's `message` from an error body, trimmed to one short line with the token taken out. */
function lineMessageOf(body: string, token: string): string {
  let message = body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      message = (parsed as { message: string }).message;
    }
  } catch {
    // not JSON: the raw text
  }
  return (
    message
      .split(token)
      .join('[redacted]')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ')
      .trim()
      .slice(0, 200) || 'no message'
  );
}

/** Sends one text message with the official SDK; throws LinePushError when LINE does not take it. */
export async function pushLineText(push: LinePush): Promise<void> {
  // Loaded by the first push, not at start-up (~400 ms of a start, and most shops never set LINE up).
  const { HTTPFetchError, messagingApi } = await import('@line/bot-sdk');
  const client = new messagingApi.MessagingApiClient({
    channelAccessToken: push.token,
    ...(push.apiBase ? { baseURL: push.apiBase } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  // The SDK takes no abort signal: the push is given up on here and, being keyed, is never shown twice.
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new LinePushError('unreachable', null, 'timed out')),
      push.timeoutMs ?? LINE_PUSH_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([
      client.pushMessage({ to: push.to, messages: [{ type: 'text', text: push.text }] }, push.retryKey),
      timeout,
    ]);
  } catch (err) {
    if (err instanceof LinePushError) throw err;
    if (err instanceof HTTPFetchError) {
      // The same retry key accepted before: the message was delivered by an earlier try.
      if (err.status === 409 && push.retryKey && err.headers.get('x-line-accepted-request-id')) return;
      const kind = err.status >= 500 ? 'unreachable' : 'rejected';
      throw new LinePushError(kind, err.status, lineMessageOf(err.body, push.token));
    }
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new LinePushError('unreachable', null, `${err instanceof Error ? err.message : String(err)}${cause}`);
  } finally {
    clearTimeout(timer);
  }
}
