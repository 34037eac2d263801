import {
  CSV_MIME_TYPE,
  csvFileName,
  DashboardQuery,
  DashboardResponse,
  IdParams,
  SalesSummaryQuery,
  SalesSummaryResponse,
  VAT_CSV_PREFIX,
  VariantReportQuery,
  VariantReportResponse,
  VatSummaryQuery,
  VatSummaryResponse,
} from '@pos/core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { dashboard, salesSummary } from './reports.service';
import { variantReport } from './variant-report.service';
import { vatSummary, vatSummaryCsv } from './vat.service';

export function reportsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reports'];
    app.get(
      '/sales/stats/summary',
      {
        config: { access: needs('reports_view'), heavyRead: true, errors: [404] },
        schema: { tags, querystring: SalesSummaryQuery, response: { 200: SalesSummaryResponse } },
      },
      async (req) => salesSummary(deps, req.query),
    );
    app.get(
      '/sales/stats/dashboard',
      {
        config: { access: needs('reports_view'), heavyRead: true, errors: [404] },
        schema: { tags, querystring: DashboardQuery, response: { 200: DashboardResponse } },
      },
      async (req) => dashboard(deps, req.query),
    );
    app.get(
      '/sales/stats/vat',
      {
        config: { access: needs('reports_view'), heavyRead: true },
        schema: { tags, querystring: VatSummaryQuery, response: { 200: VatSummaryResponse } },
      },
      async (req) => vatSummary(deps, req.query),
    );
    app.get(
      '/reports/products/:id/variants',
      {
        config: { access: needs('reports_view'), heavyRead: true },
        schema: {
          tags,
          params: IdParams,
          querystring: VariantReportQuery,
          response: { 200: VariantReportResponse },
        },
      },
      async (req) => variantReport(deps, req.params.id, req.query),
    );
    app.get(
      '/sales/stats/vat.csv',
      {
        config: { access: needs('reports_export'), heavyRead: true },
        schema: {
          tags,
          querystring: VatSummaryQuery,
          response: { 200: z.string().describe('CSV, UTF-8 with byte-order mark, one row a month') },
        },
      },
      async (req, reply) => {
        const csv = vatSummaryCsv(await vatSummary(deps, req.query));
        const name = csvFileName(VAT_CSV_PREFIX, `${req.query.startMonth}_${req.query.endMonth}`);
        return reply.type(CSV_MIME_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(csv);
      },
    );
  };
}
