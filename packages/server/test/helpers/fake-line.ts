import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push LINE accepted, as the fake received it. */
export interface LinePushRecord {
  to: string;
  messages: { type: string; text: string }[];
  /** X-Line-Retry-Key, when the sender gave one. */
  retryKey: string | null;
}

export interface FakeLine {
  /** What to put in LINE_API_BASE. */
  url: string;
  /** The channel access token it accepts. */
  token: string;
  /** A user id in LINE's shape (U + 32 hex digits). */
  userId: string;
  /** Pushes accepted, in order (a resent push with a retry key already accepted is not added again). */
  pushes: LinePushRecord[];
  /** Push requests received, accepted or not. */
  requests: number;
  /** While set, every push answers this HTTP status with LINE's error body. */
  failWith: number | null;
  /** While true, a push's connection is cut without an answer (LINE unreachable). */
  down: boolean;
  /** While set, accepted pushes wait for this before they are answered (holds them in flight). */
  hold: Promise<void> | null;
  /** Resolves with the next push accepted (or the one already accepted beyond `count`). */
  nextPush(count?: number): Promise<LinePushRecord>;
  close(): Promise<void>;
}

const LINE_ERRORS: Record<number, string> = {
  400: 'The request body has 1 error(s)',
  401: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  429: 'You have reached your monthly limit.',
  500: 'Internal server error',
};

/**
 * A small LINE Messaging API on 127.0.0.1: `POST /v2/bot/message/push` as the official SDK calls
 * it. It checks the bearer token (unless `acceptAnyToken`), the recipient and the text messages,
 * answers LINE's error bodies, honours X-Line-Retry-Key (409 for a key already accepted, as LINE
 * does) and records what it accepted.
 */
export async function startFakeLine(options: { acceptAnyToken?: boolean } = {}): Promise<FakeLine> {
  const waiters: { count: number; resolve: (push: LinePushRecord) => void }[] = [];
  const acceptedKeys = new Map<string, string>();

  const fake: FakeLine = {
    url: '',
    token: `fake-line-token-${randomBytes(12).toString('hex')}`,
    userId: `U${randomBytes(16).toString('hex')}`,
    pushes: [],
    requests: 0,
    failWith: null,
    down: false,
    hold: null,
    nextPush(count = fake.pushes.length) {
      const already = fake.pushes[count];
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v2/bot/message/push')
          return answer(res, 404, { message: 'Not found' });
        fake.requests += 1;
        if (fake.down) return req.socket.destroy();
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || (!options.acceptAnyToken && bearer !== fake.token)) {
          return answer(res, 401, { message: LINE_ERRORS[401] });
        }
        if (fake.failWith !== null)
          return answer(res, fake.failWith, { message: LINE_ERRORS[fake.failWith] ?? 'Error' });
        let body: { to?: unknown; messages?: unknown };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return answer(res, 400, { message: 'The request body could not be parsed as JSON' });
        }
        const messages = Array.isArray(body.messages) ? (body.messages as { type?: unknown; text?: unknown }[]) : [];
        const textsOk =
          messages.length >= 1 &&
          messages.length <= 5 &&
          messages.every((m) => m.type === 'text' && typeof m.text === 'string' && m.text.length > 0);
        if (typeof body.to !== 'string' || body.to === '' || !textsOk) {
          return answer(res, 400, { message: LINE_ERRORS[400], details: [{ property: 'to or messages' }] });
        }
        const retryKey = typeof req.headers['x-line-retry-key'] === 'string' ? req.headers['x-line-retry-key'] : null;
        const acceptedId = retryKey ? acceptedKeys.get(retryKey) : undefined;
        if (acceptedId) {
          return answer(
            res,
            409,
            { message: 'The retry key is already accepted' },
            { 'x-line-accepted-request-id': acceptedId },
          );
        }
        const requestId = randomUUID();
        if (retryKey) acceptedKeys.set(retryKey, requestId);
        const push: LinePushRecord = { to: body.to, messages: messages as LinePushRecord['messages'], retryKey };
        fake.pushes.push(push);
        for (const waiter of waiters.filter((w) => w.count < fake.pushes.length)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(fake.pushes[waiter.count]!);
        }
        if (fake.hold) await fake.hold;
        answer(
          res,
          200,
          { sentMessages: [{ id: String(Date.now()), quoteToken: randomUUID() }] },
          { 'x-line-request-id': requestId },
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
