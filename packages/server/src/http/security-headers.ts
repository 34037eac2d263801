import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Helmet's headers for this app: they depend on no request, so they are worked out once. */
function helmetHeaders(): [string, string][] {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // The till's camera scan compiles its barcode reader (our own .wasm asset); no eval of script text.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        // Shops reach the server over plain http on their own network.
        'upgrade-insecure-requests': null,
      },
    },
    // Per request instead (registerSecurityHeaders): only an HTTPS request may carry it.
    strictTransportSecurity: false,
  });
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return this;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return [...headers];
}

/**
 * Browsers that reached the shop over HTTPS keep to it for a year. Sent only when the request came
 * over HTTPS: on this server's own TLS socket, or through a proxy listed in TRUST_PROXY that says so
 * in X-Forwarded-Proto (Fastify believes that header from listed proxies only). Never over plain
 * HTTP: a shop reaching the server as http://192.168.1.10 must not be told to expect HTTPS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's security headers on every answer. Helmet runs a dozen middlewares per response (and
 * @fastify/helmet rebuilt them per request, parsing the CSP each time): ~2 % of a sale's CPU each
 * way (issue 17). They are taken from helmet once at start-up and set as they are.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, next) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    if (request.protocol?.toLowerCase() === 'https')
      raw.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    next();
  });
}
