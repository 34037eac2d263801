import {
  FlaggedOfflineSale,
  IdParams,
  FlaggedOfflineSalesQuery,
  FlaggedOfflineSalesResponse,
  NumberBlockResponse,
  OfflineId,
  OfflinePeriodRequest,
  OfflinePeriodResponse,
  OfflinePeriodsResponse,
  OfflineStateQuery,
  OfflineStateResponse,
  ReserveNumberBlockRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import {
  flaggedOfflineSales,
  markFlaggedOfflineRefundHandled,
  markFlaggedOfflineSaleHandled,
  offlinePeriods,
  offlineState,
  recordOfflinePeriod,
  reserveNumberBlock,
} from './offline.service';

/**
 * Selling offline (issue 38): a till reserves numbers and reads the server's clock while online, reports the
 * times it was offline once back; managers see what its offline sales and refunds were flagged for. The sales
 * and refunds themselves come through POST /api/sales (and /api/sales/:id/refund) with `offlineId` and `createdAt`.
 */
export function offlineRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['offline'];
    app.post(
      '/offline/number-blocks',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, body: ReserveNumberBlockRequest, response: { 201: NumberBlockResponse } },
      },
      async (req, reply) => reply.code(201).send({ block: await reserveNumberBlock(deps, currentUser(req), req.body) }),
    );
    app.get(
      '/offline/state',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, querystring: OfflineStateQuery, response: { 200: OfflineStateResponse } },
      },
      async (req) => offlineState(deps, req.query.tillId),
    );
    app.post(
      '/offline/periods',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, body: OfflinePeriodRequest, response: { 201: OfflinePeriodResponse } },
      },
      async (req, reply) =>
        reply.code(201).send({ period: await recordOfflinePeriod(deps, currentUser(req), req.body) }),
    );
    app.get(
      '/offline/periods',
      {
        config: { access: needs('reports_view') },
        schema: { tags, response: { 200: OfflinePeriodsResponse } },
      },
      async () => ({ periods: await offlinePeriods(deps) }),
    );
    app.get(
      '/offline/flagged',
      {
        config: { access: needs('reports_view') },
        schema: { tags, querystring: FlaggedOfflineSalesQuery, response: { 200: FlaggedOfflineSalesResponse } },
      },
      async (req) => flaggedOfflineSales(deps, req.query.handled),
    );
    // pos_refund, as for flagged card sales: dealing with one means refunding lines or handing goods over.
    app.post(
      '/offline/flagged/:id/handled',
      {
        config: { access: needs('pos_refund'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: FlaggedOfflineSale } },
      },
      async (req) => markFlaggedOfflineSaleHandled(deps, currentUser(req), req.params.id),
    );
    app.post(
      '/offline/flagged-refunds/:offlineId/handled',
      {
        config: { access: needs('pos_refund'), errors: [404] },
        schema: { tags, params: z.object({ offlineId: OfflineId }), response: { 200: FlaggedOfflineSale } },
      },
      async (req) => markFlaggedOfflineRefundHandled(deps, currentUser(req), req.params.offlineId),
    );
  };
}
