import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { PRODUCT_IMAGE_MAX_BYTES } from '@pos/core';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import secureJson from 'secure-json-parse';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import type { Deps } from './deps';
import { authRoutes } from './features/auth/auth.routes';
import { categoriesRoutes } from './features/categories/categories.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { healthRoutes } from './features/health/health.routes';
import { logoRoutes } from './features/logo/logo.routes';
import { createNotificationWorker, type NotificationWorker } from './features/notifications/notification-worker';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { productsRoutes } from './features/products/products.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { salesRoutes } from './features/sales/sales.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { shiftsRoutes } from './features/shifts/shifts.routes';
import { offlineRoutes } from './features/offline/offline.routes';
import { displayRoutes } from './features/display/display.routes';
import { createPrintWorker, type PrintWorker } from './features/print-documents/print-worker';
import { printingRoutes } from './features/printing/printing.routes';
import { printDocumentsRoutes } from './features/print-documents/print-documents.routes';
import { createEtaxWorker, type EtaxWorker } from './features/tax-invoices/etax-worker';
import { taxInvoicesRoutes } from './features/tax-invoices/tax-invoices.routes';
import { storageRoutes } from './features/storage/storage.routes';
import { usersRoutes } from './features/users/users.routes';
import { AppError } from './http/app-error';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerErrorResponses } from './http/error-responses';
import { registerHeavyReadLimit } from './http/heavy-reads';
import { registerOpenApi } from './http/openapi';
import type { RouteAccessEntry } from './http/route-access';
import { registerRouteAccess } from './features/auth/session-gate';
import { registerRequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import type { ImageStore } from './integrations/image-store/image-store';
import { imageStoreFor } from './integrations/image-store/image-store-factory';
import { UPLOADS_URL_PREFIX, uploadsDirOf } from './integrations/image-store/local-disk-store';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  /** Every /api route with the access it declares (the permission-matrix test walks it). */
  routes: RouteAccessEntry[];
  /** The LINE notification outbox's sender; startServer starts it (tests may drive `drainOnce` instead). */
  notifications: NotificationWorker;
  /** The e-Tax e-mail outbox's sender; startServer starts it with the LINE one. */
  etaxEmails: EtaxWorker;
  /** The network printers' job sender; startServer starts it with the outboxes. */
  printJobs: PrintWorker;
}

export interface BuildOptions {
  db?: Db;
  /** The server's clock (tests move it). */
  now?: () => Date;
  /** How the server waits (tests move their clock instead). */
  sleep?: (ms: number) => Promise<void>;
  logger?: boolean;
  /** Where logs go (stdout by default); tests read them to prove no secret is written. */
  logStream?: { write(line: string): void };
  imageStore?: ImageStore;
}

/** The whole app without listening. Closing the app closes the database it opened. */
export async function buildApp(config: Config, overrides: BuildOptions = {}): Promise<BuiltApp> {
  const db = overrides.db ?? openDatabase(config);
  const now = overrides.now ?? (() => new Date());
  const sleep = overrides.sleep ?? ((ms: number) => wait(ms));
  const imageStore = overrides.imageStore ?? (await imageStoreFor(config));
  const routes: RouteAccessEntry[] = [];

  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.password',
                '*.newPassword',
                '*.currentPassword',
                '*.token',
              ],
              censor: '[redacted]',
            },
            ...(overrides.logStream && { stream: overrides.logStream }),
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // One line per request at most, by registerRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    frameworkErrors,
    clientErrorHandler,
  });
  const notifications = createNotificationWorker({ db, config, now }, app.log.child({ module: 'line-outbox' }));
  const etaxEmails = createEtaxWorker({ db, config, now }, app.log.child({ module: 'etax-outbox' }));
  const printJobs = createPrintWorker({ db, config, now }, app.log.child({ module: 'print-jobs' }));
  const deps: Deps = { db, config, now, sleep, imageStore, notifications, etaxEmails, printJobs, log: app.log };
  // Before onClose (which closes the database): a drain under way finishes its writes first.
  app.addHook('preClose', () =>
    Promise.all([notifications.stop(), etaxEmails.stop(), printJobs.stop()]).then(() => undefined),
  );
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (!overrides.db) app.addHook('onClose', () => db.destroy());

  // POST calls without a body (logout, refresh) may still say they are JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new AppError({ status: 400, code: 'INVALID_JSON' }), undefined);
    }
  });

  registerSecurityHeaders(app);
  await registerCompression(app);
  registerErrorHandling(app);
  registerRouteAccess(app, deps, routes);
  registerErrorResponses(app);
  registerHeavyReadLimit(app, config.heavyReadsPerUser);
  // Multipart forms (product dialog): one image file of at most 5 MB; a bigger one is a 413.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 50, fieldSize: 100_000, parts: 60 },
  });
  await registerUploads(app, uploadsDirOf(config));

  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(usersRoutes(deps));
      await api.register(settingsRoutes(deps));
      await api.register(logoRoutes(deps));
      await api.register(notificationsRoutes(deps));
      await api.register(categoriesRoutes(deps));
      await api.register(productsRoutes(deps));
      await api.register(customersRoutes(deps));
      await api.register(salesRoutes(deps));
      await api.register(reportsRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(shiftsRoutes(deps));
      await api.register(offlineRoutes(deps));
      await api.register(taxInvoicesRoutes(deps));
      await api.register(printingRoutes(deps));
      await api.register(printDocumentsRoutes(deps));
      await api.register(displayRoutes(deps));
      await api.register(storageRoutes(deps));
    },
    { prefix: '/api' },
  );

  if (config.webDistDir && fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    await registerSpa(app, config.webDistDir);
  }
  return { app, deps, routes, notifications, etaxEmails, printJobs };
}

/**
 * Serves the local image store's files at /uploads/<key>: public (img tags send
 * no token), never a directory listing, no dotfiles (half-written uploads), no
 * path outside the folder. Names are random and never reused, so browsers may
 * cache them for good.
 */
async function registerUploads(app: FastifyInstance, root: string): Promise<void> {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_URL_PREFIX}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}

/**
 * Serves the built React app; client routes fall back to index.html. The build writes .br and .gz
 * copies of its text files (packages/web/build/precompress.ts): they are sent as they are to a
 * browser accepting them, so a cold load does not wait for the app's scripts to be compressed
 * (issue 10 item 6); other files and other clients get the file, compressed on the fly if worth it.
 */
async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // No route per file of the build: the one route below sends any file there is (a route for each,
    // of the 78, or 184 with the .br and .gz copies, made start-up 0.1-0.3 s slower; issue 32).
    serve: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { access: { public: true } } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      throw new AppError({ status: 404, code: 'ROUTE_NOT_FOUND' });
    }
    const file = path.join(root, path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
