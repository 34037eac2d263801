import { CreateTaxInvoiceRequest, IdParams, TaxInvoiceResponse } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import { getTaxInvoice, issueTaxInvoice } from './tax-invoices.service';

/**
 * Full tax invoices (issue 36). Issued by whoever sells (at the till right after payment, or later from the
 * sales history); read by whoever reads the sales history. The contract's paths and statuses are fixed by the
 * issue.
 */
export function taxInvoicesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tax-invoices'];
    app.post(
      '/sales/:id/tax-invoice',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: CreateTaxInvoiceRequest, response: { 201: TaxInvoiceResponse } },
      },
      async (req, reply) =>
        reply.code(201).send({ taxInvoice: await issueTaxInvoice(deps, currentUser(req), req.params.id, req.body) }),
    );
    app.get(
      '/tax-invoices/:id',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: TaxInvoiceResponse } },
      },
      async (req) => ({ taxInvoice: await getTaxInvoice(deps, req.params.id) }),
    );
  };
}
