import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A long back-office read (history, reports, exports): one user may run only so many at once, and it
     * may answer 429 HEAVY_READS_BUSY and 503 READ_TIMED_OUT.
     */
    heavyRead?: true;
  }
}

/** How long a refused client should wait before asking again. */
const RETRY_AFTER_SECONDS = '2';

/**
 * Bounds what one user can make the server read at once: their `perUser`-th long read still runs, the
 * next is refused at once with 429 until one of theirs has answered. The count is this process's own
 * (two processes allow twice as many), which is enough to keep one screen left open, or one script, from
 * holding every reader.
 */
export function registerHeavyReadLimit(app: FastifyInstance, perUser: number): void {
  const running = new Map<number, number>();
  const limit: preHandlerAsyncHookHandler = async (request, reply) => {
    const userId = request.session?.user.id;
    if (userId === undefined) return;
    const count = running.get(userId) ?? 0;
    if (count >= perUser) {
      throw new AppError({ status: 429, code: 'HEAVY_READS_BUSY', headers: { 'retry-after': RETRY_AFTER_SECONDS } });
    }
    running.set(userId, count + 1);
    // 'close' comes once the answer has gone, or the client has gone: whichever is first frees the place.
    reply.raw.once('close', () => {
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    });
  };
  // On the long reads' routes only: the till's calls run no hook of this.
  app.addHook('onRoute', (route) => {
    if (!route.config?.heavyRead) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), limit];
  });
}
