import {
  IdParams,
  OpenDrawerRequest,
  PrinterTestRequest,
  PrintJobListQuery,
  PrintJobListResponse,
  PrintJobResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import { getPrintJob, listPrintJobs, openDrawer, printTestPage, reprintJob } from './print-jobs.service';

/**
 * Network printing (issue 37): the till reads its jobs' outcome and prints a failed one again; whoever runs a
 * till opens its drawer (recorded); admins print a test page while setting printers up.
 */
export function printingRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['printing'];
    app.get(
      '/print-jobs',
      {
        config: { access: needs('pos_process_sale') },
        schema: { tags, querystring: PrintJobListQuery, response: { 200: PrintJobListResponse } },
      },
      async (req) => ({ jobs: await listPrintJobs(deps, req.query) }),
    );
    // One job, for a screen following the job it just queued (a test page) until it has printed or failed.
    app.get(
      '/print-jobs/:id',
      {
        config: { access: needs('pos_process_sale'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: PrintJobResponse } },
      },
      async (req) => ({ job: await getPrintJob(deps, req.params.id) }),
    );
    app.post(
      '/print-jobs/:id/reprint',
      {
        config: { access: needs('pos_process_sale'), errors: [404, 409] },
        schema: { tags, params: IdParams, response: { 200: PrintJobResponse } },
      },
      async (req) => ({ job: await reprintJob(deps, req.params.id) }),
    );
    app.post(
      '/tills/:id/drawer',
      {
        config: { access: needs('shift_operate'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: OpenDrawerRequest, response: { 201: PrintJobResponse } },
      },
      async (req, reply) =>
        reply.code(201).send({ job: await openDrawer(deps, currentUser(req), req.params.id, req.body) }),
    );
    app.post(
      '/printers/test',
      {
        config: { access: needs('settings_manage'), errors: [404] },
        schema: { tags, body: PrinterTestRequest, response: { 201: PrintJobResponse } },
      },
      async (req, reply) => reply.code(201).send({ job: await printTestPage(deps, currentUser(req), req.body) }),
    );
  };
}
