import { IdParams, PrintDocumentRequest, PrintJobResponse, PrintJobResultRequest } from '@pos/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import { printDocument, recordTillResult, tillJobBytes } from './print-documents.service';

function sendBytes(reply: FastifyReply, bytes: Uint8Array) {
  return reply.type('application/octet-stream').header('cache-control', 'no-store').send(Buffer.from(bytes));
}

const bytesBody = z.string().describe("The job's printer bytes (ESC/POS or StarPRNT): raster, drawer pulse, cut");

/**
 * Documents on the till's printer (issue 37): "print" at a till queues a job; a till driving a USB or serial
 * printer reads a job's bytes and says how it went.
 */
export function printDocumentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['printing'];
    app.post(
      '/print-jobs',
      {
        config: { access: needs('pos_process_sale'), errors: [403, 404, 409] },
        schema: { tags, body: PrintDocumentRequest, response: { 201: PrintJobResponse } },
      },
      async (req, reply) => reply.code(201).send({ job: await printDocument(deps, currentUser(req), req.body) }),
    );
    app.get(
      '/print-jobs/:id/bytes',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, params: IdParams, response: { 200: bytesBody } },
      },
      async (req, reply) => sendBytes(reply, await tillJobBytes(deps, req.params.id)),
    );
    app.post(
      '/print-jobs/:id/result',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: PrintJobResultRequest, response: { 200: PrintJobResponse } },
      },
      async (req) => ({ job: await recordTillResult(deps, req.params.id, req.body) }),
    );
  };
}
