import { HealthResponse } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUp } from '../../db/database';
import type { Deps } from '../../deps';
import { isPublic } from '../../http/route-access';
import { APP_VERSION } from '../../version';

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: isPublic },
        schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
      },
      async (_req, reply) => {
        const up = await isDatabaseUp(deps.db);
        return reply.code(up ? 200 : 503).send({
          status: up ? 'ok' : 'error',
          database: up ? 'up' : 'down',
          engine: deps.db.engine,
          version: APP_VERSION,
        });
      },
    );
  };
}
