import {
  CreateSaleRequest,
  CreateSaleResponse,
  IdParams,
  ListSalesQuery,
  OfflineRefundResponse,
  RefundSaleRequest,
  RefundSaleResponse,
  SalesListResponse,
  SaleResponse,
  SalesExportQuery,
  CSV_MIME_TYPE,
  VatExclusionApprovalRequest,
  VatExclusionApprovalResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { signInClient } from '../auth/sign-in-client';
import { OptionalIdempotencyHeaders } from '../idempotency/idempotency-headers';
import { isOfflineRefund, recordOfflineRefund } from './offline-refund';
import { refundSale } from './refunds.service';
import { salesExportCsv } from './sales-export.service';
import { createSaleAnswer, getSale, listSales } from './sales.service';
import { approveVatExclusion } from './vat-approvals.service';

export function salesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sales'];
    app.post(
      '/sales',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: {
          tags,
          // Required unless the sale carries its device-made `offlineId` (then that answers retries, forever).
          headers: OptionalIdempotencyHeaders,
          body: CreateSaleRequest,
          response: { 201: CreateSaleResponse },
        },
      },
      async (req, reply) => {
        const answer = await createSaleAnswer(deps, currentUser(req), req.body, req.headers['idempotency-key']);
        // Already JSON, the same a retry gets (its UTF-8 bytes, or text an older server kept): Fastify
        // sends bytes, or a string with a JSON type, as they are, without serialising them again. The
        // schema still documents it; a test holds the two equal.
        return reply
          .code(201)
          .type('application/json; charset=utf-8')
          .send(answer.json as unknown as CreateSaleResponse);
      },
    );
    app.post(
      '/sales/vat-exclusion-approvals',
      {
        config: { access: needs('pos_process_sale'), errors: [429] },
        schema: {
          tags,
          body: VatExclusionApprovalRequest,
          response: { 201: VatExclusionApprovalResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await approveVatExclusion(deps, currentUser(req), req.body, signInClient(req))),
    );
    app.get(
      '/sales',
      {
        config: { access: needs('reports_view'), heavyRead: true },
        schema: { tags, querystring: ListSalesQuery, response: { 200: SalesListResponse } },
      },
      async (req) => listSales(deps, req.query),
    );
    app.get(
      '/sales/export.csv',
      {
        config: { access: needs('reports_export'), heavyRead: true },
        schema: {
          tags,
          querystring: SalesExportQuery,
          response: {
            200: z
              .string()
              .describe(
                'CSV, UTF-8 with byte-order mark, one row a sale, streamed: `layout=history` the sales history columns newest first, `layout=report` the reports columns oldest first',
              ),
          },
        },
      },
      async (req, reply) => {
        const csv = await salesExportCsv(deps, req.query);
        // A stream is sent as it is, never through the response schema (which documents it).
        return reply
          .type(CSV_MIME_TYPE)
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .send(csv.body as unknown as string);
      },
    );
    app.post(
      '/sales/:id/refund',
      {
        config: { access: needs('pos_refund'), errors: [404, 409, 502, 503] },
        schema: {
          tags,
          params: IdParams,
          headers: OptionalIdempotencyHeaders,
          body: RefundSaleRequest,
          // An offline refund's answer carries its flags (and, 202, no refund when it was kept unrecorded).
          response: { 201: z.union([OfflineRefundResponse, RefundSaleResponse]), 202: OfflineRefundResponse },
        },
      },
      async (req, reply) => {
        if (isOfflineRefund(req.body)) {
          const offline = await recordOfflineRefund(deps, currentUser(req), req.params.id, req.body);
          return reply.code(offline.status).send(offline.body);
        }
        const body = await refundSale(
          { ...deps, log: req.log },
          currentUser(req),
          req.params.id,
          req.body,
          req.headers['idempotency-key'],
        );
        return reply.code(201).send(body);
      },
    );
    app.get(
      '/sales/:id',
      {
        config: { access: needs('reports_view') },
        schema: { tags, params: IdParams, response: { 200: SaleResponse } },
      },
      async (req) => ({ sale: await getSale(deps, req.params.id) }),
    );
  };
}
