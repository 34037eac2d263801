import {
  CreateTaxInvoiceRequest,
  CreditNoteParams,
  EReceiptEmailResponse,
  EReceiptEmailsResponse,
  EtaxEmailResponse,
  EtaxEmailsResponse,
  IdParams,
  ListEtaxEmailsQuery,
  SendEReceiptRequest,
  TaxInvoiceResponse,
} from '@pos/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import { listEReceiptEmails, sendEReceipt } from './e-receipt.service';
import { listEtaxEmails, resendEtaxEmail } from './etax-emails.service';
import type { TaxDocumentFile } from './tax-document-files';
import { creditNoteFiles, getTaxInvoice, issueTaxInvoice, taxInvoiceFiles } from './tax-invoices.service';

function sendFile(reply: FastifyReply, file: TaxDocumentFile, disposition: 'inline' | 'attachment') {
  return reply
    .type(file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.filename}"`)
    .send(file.content);
}

const xmlBody = z.string().describe('The document as ETDA e-Tax XML (v2.0), UTF-8');
const pdfBody = z.string().describe('The document as PDF/A-3b, Thai font embedded, its ETDA XML attached inside');

/**
 * Full tax invoices and e-Tax e-mails (issue 36). Issued by whoever sells (at the till right after payment, or
 * later from the sales history); read by whoever reads the sales history; the e-mail outbox is the managers'.
 * The contract's paths and statuses are fixed by the issue.
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
    // The e-Receipt of a sale without a full invoice: sent by whoever may issue that invoice, 202 as it is queued.
    app.post(
      '/sales/:id/e-receipt',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: SendEReceiptRequest, response: { 202: EReceiptEmailResponse } },
      },
      async (req, reply) => reply.code(202).send({ email: await sendEReceipt(deps, req.params.id, req.body) }),
    );
    app.get(
      '/sales/:id/e-receipt',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: EReceiptEmailsResponse } },
      },
      async (req) => ({ emails: await listEReceiptEmails(deps, req.params.id) }),
    );
    app.get(
      '/tax-invoices/:id',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: TaxInvoiceResponse } },
      },
      async (req) => ({ taxInvoice: await getTaxInvoice(deps, req.params.id) }),
    );
    app.get(
      '/tax-invoices/:id/xml',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: xmlBody } },
      },
      async (req, reply) => sendFile(reply, (await taxInvoiceFiles(deps, req.params.id)).xml, 'attachment'),
    );
    app.get(
      '/tax-invoices/:id/pdf',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: pdfBody } },
      },
      async (req, reply) => sendFile(reply, (await taxInvoiceFiles(deps, req.params.id)).pdf, 'inline'),
    );
    app.get(
      '/tax-invoices/:id/credit-notes/:refundId/xml',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: CreditNoteParams, response: { 200: xmlBody } },
      },
      async (req, reply) =>
        sendFile(reply, (await creditNoteFiles(deps, req.params.id, req.params.refundId)).xml, 'attachment'),
    );
    app.get(
      '/tax-invoices/:id/credit-notes/:refundId/pdf',
      {
        config: { access: needs('reports_view'), errors: [404] },
        schema: { tags, params: CreditNoteParams, response: { 200: pdfBody } },
      },
      async (req, reply) =>
        sendFile(reply, (await creditNoteFiles(deps, req.params.id, req.params.refundId)).pdf, 'inline'),
    );
    app.get(
      '/etax/emails',
      {
        config: { access: needs('settings_edit') },
        schema: { tags, querystring: ListEtaxEmailsQuery, response: { 200: EtaxEmailsResponse } },
      },
      async (req) => ({ emails: await listEtaxEmails(deps, req.query) }),
    );
    app.post(
      '/etax/emails/:id/resend',
      {
        config: { access: needs('settings_edit'), errors: [404, 409] },
        schema: { tags, params: IdParams, response: { 200: EtaxEmailResponse } },
      },
      async (req) => ({ email: await resendEtaxEmail(deps, req.params.id) }),
    );
  };
}
