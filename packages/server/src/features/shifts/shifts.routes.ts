import {
  CSV_MIME_TYPE,
  CashMovementRequest,
  CashMovementResponse,
  CloseShiftRequest,
  CreateTillRequest,
  CurrentShiftQuery,
  IdParams,
  ListShiftsQuery,
  OpenShiftRequest,
  Shift,
  ShiftDetailResponse,
  ShiftResponse,
  ShiftsExportQuery,
  ShiftsResponse,
  TillResponse,
  TillsResponse,
  UpdateTillRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../http/request-user';
import { needs } from '../../http/route-access';
import { signInClient } from '../auth/sign-in-client';
import {
  addCashMovement,
  closeShift,
  currentShift,
  listShifts,
  openShift,
  shiftDetail,
  shiftsExportCsv,
} from './shifts.service';
import { createTill, listTills, updateTill } from './tills.service';

/**
 * Tills and shifts (issue 35). Tills are set up by those who edit settings; a till's shift is run by anyone
 * who sells at it (shift_operate); every till's shifts, and approving a close's difference, are managers'
 * (shift_manage). The contract's paths and statuses are fixed by the issue.
 */
export function shiftsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['shifts'];
    app.get(
      '/tills',
      { config: { access: needs('shift_operate') }, schema: { tags, response: { 200: TillsResponse } } },
      async () => ({ tills: await listTills(deps) }),
    );
    app.post(
      '/tills',
      {
        config: { access: needs('settings_edit'), errors: [409] },
        schema: { tags, body: CreateTillRequest, response: { 201: TillResponse } },
      },
      async (req, reply) => reply.code(201).send({ till: await createTill(deps, req.body) }),
    );
    app.patch(
      '/tills/:id',
      {
        config: { access: needs('settings_edit'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: UpdateTillRequest, response: { 200: TillResponse } },
      },
      async (req) => ({ till: await updateTill(deps, req.params.id, req.body) }),
    );
    app.post(
      '/shifts',
      {
        config: { access: needs('shift_operate'), errors: [404, 409] },
        schema: { tags, body: OpenShiftRequest, response: { 201: ShiftResponse } },
      },
      async (req, reply) => reply.code(201).send({ shift: await openShift(deps, currentUser(req), req.body) }),
    );
    app.get(
      '/shifts/current',
      {
        config: { access: needs('shift_operate'), errors: [404] },
        schema: { tags, querystring: CurrentShiftQuery, response: { 200: z.object({ shift: Shift.nullable() }) } },
      },
      async (req) => ({ shift: await currentShift(deps, req.query.tillId) }),
    );
    app.get(
      '/shifts',
      {
        config: { access: needs('shift_manage') },
        schema: { tags, querystring: ListShiftsQuery, response: { 200: ShiftsResponse } },
      },
      async (req) => listShifts(deps, req.query),
    );
    app.get(
      '/shifts/export.csv',
      {
        config: { access: needs('shift_manage') },
        schema: {
          tags,
          querystring: ShiftsExportQuery,
          response: { 200: z.string().describe('CSV, UTF-8 with byte-order mark, one row a shift, newest first') },
        },
      },
      async (req, reply) => {
        const csv = await shiftsExportCsv(deps, req.query);
        return reply
          .type(CSV_MIME_TYPE)
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .send(csv.body);
      },
    );
    app.get(
      '/shifts/:id',
      {
        config: { access: needs('shift_operate'), errors: [404] },
        schema: { tags, params: IdParams, response: { 200: ShiftDetailResponse } },
      },
      async (req) => shiftDetail(deps, currentUser(req), req.params.id),
    );
    app.post(
      '/shifts/:id/cash-movements',
      {
        config: { access: needs('shift_operate'), errors: [404, 409] },
        schema: { tags, params: IdParams, body: CashMovementRequest, response: { 201: CashMovementResponse } },
      },
      async (req, reply) =>
        reply.code(201).send({ movement: await addCashMovement(deps, currentUser(req), req.params.id, req.body) }),
    );
    app.post(
      '/shifts/:id/close',
      {
        config: { access: needs('shift_operate'), errors: [404, 409, 429] },
        schema: { tags, params: IdParams, body: CloseShiftRequest, response: { 200: ShiftDetailResponse } },
      },
      async (req) => closeShift(deps, currentUser(req), req.params.id, req.body, signInClient(req)),
    );
  };
}
