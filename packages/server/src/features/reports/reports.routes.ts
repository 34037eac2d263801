import { DashboardQuery, DashboardResponse, SalesSummaryQuery, SalesSummaryResponse } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { dashboard, salesSummary } from './reports.service';

export function reportsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reports'];
    app.get(
      '/sales/stats/summary',
      {
        config: { access: needs('reports_view') },
        schema: { tags, querystring: SalesSummaryQuery, response: { 200: SalesSummaryResponse } },
      },
      async (req) => salesSummary(deps, req.query),
    );
    app.get(
      '/sales/stats/dashboard',
      {
        config: { access: needs('reports_view') },
        schema: { tags, querystring: DashboardQuery, response: { 200: DashboardResponse } },
      },
      async (req) => dashboard(deps, req.query),
    );
  };
}
