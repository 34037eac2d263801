import type { FastifyInstance } from 'fastify';

/** A request slower than this is worth a line at the default level. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request at most, written when it completes, instead of Fastify's two (received and
 * completed). At the default `info` level only failed (4xx/5xx) and slow requests are written: a
 * busy shop's every scan and sale cost a log write each (6 % of the CPU of a sale under load, 15 MB
 * in 10 s; issue 17). `LOG_LEVEL=debug` writes every request.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const level = status >= 500 ? 'error' : status >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    request.log[level]({ method: request.method, url: request.url, status, ms, ip: request.ip }, 'request completed');
  });
}
