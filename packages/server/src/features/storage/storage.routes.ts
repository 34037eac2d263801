import {
  StorageCleanupRequest,
  StorageCleanupResponse,
  StorageResourcesQuery,
  StorageResourcesResponse,
  StorageUsageResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { cleanupStorage, getStorageUsage, listStoredImages } from './storage.service';

export function storageRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['storage'];
    // The storage screen is open to reports_view (spec 001 §2); deleting needs settings_manage (§6).
    app.get(
      '/storage/usage',
      {
        config: { access: needs('reports_view'), heavyRead: true },
        schema: { tags, response: { 200: StorageUsageResponse } },
      },
      async () => getStorageUsage(deps),
    );
    app.get(
      '/storage/resources',
      {
        config: { access: needs('reports_view'), errors: [503], heavyRead: true },
        schema: { tags, querystring: StorageResourcesQuery, response: { 200: StorageResourcesResponse } },
      },
      async (req) => listStoredImages(deps, req.query),
    );
    app.delete(
      '/storage/cleanup',
      {
        config: { access: needs('settings_manage'), errors: [503] },
        schema: {
          tags,
          description:
            'Finds stored images no product (live or hidden) and not the logo uses, older than an hour. `dryRun` (default true) only reports; `dryRun: false` deletes them, each re-checked at deletion time.',
          body: StorageCleanupRequest,
          response: { 200: StorageCleanupResponse },
        },
      },
      async (req) => cleanupStorage(deps, req.body),
    );
  };
}
