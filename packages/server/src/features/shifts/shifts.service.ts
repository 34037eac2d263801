import {
  bahtToSatang,
  can,
  cashDifference,
  countedCash,
  differenceNeedsApproval,
  satangToBaht,
  type CashMovement,
  type CashMovementRequest,
  type CloseShiftRequest,
  type DenominationCountInput,
  type ListShiftsQuery,
  type OpenShiftRequest,
  type Shift,
  type ShiftDetailResponse,
  type ShiftReport,
  type ShiftsExportQuery,
  type ShiftsResponse,
  CSV_PREFIXES,
  csvFileName,
  SHIFTS_CSV_COLUMNS,
  shiftsCsvRow,
  shopDateTimeFormatter,
  toCsv,
} from '@pos/core';
import type { z } from 'zod';
import { shopToday } from '../../calendar/calendar';
import { shopDayEnd, shopDayStart } from '../../calendar/shop-day';
import type { DbExecutor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { checkApprover } from '../auth/approver';
import type { SignInClient } from '../auth/sign-in-client';
import { readSettingsShared } from '../settings/settings.service';
import { shiftFigureRows } from './shift-report.queries';
import { shiftCash, shiftReport, toApiMovement, toApiShift } from './shift-view';
import {
  closeShiftRow,
  findOpenShiftRow,
  findShiftRow,
  insertCashMovement,
  insertShift,
  listCashMovementRows,
  listShiftRows,
  lockShiftForClose,
  shareShift,
  type ShiftListFilter,
} from './shifts.queries';
import { findTillRow } from './tills.queries';

type ShiftDeps = Pick<Deps, 'db' | 'now'>;

/**
 * A count by denomination as stored (satang), checked by core's rule and against the total sent beside it;
 * null when only a total was typed.
 */
function storedCount(count: DenominationCountInput | null | undefined, total: number): string | null {
  if (!count) return null;
  const satangCount = count.map((d) => ({ satang: bahtToSatang(Number(d.denomination)), count: d.count }));
  const checked = countedCash(satangCount);
  if (!checked.ok) throw new AppError({ status: 400, code: checked.problem });
  if (checked.total !== total) {
    throw new AppError({
      status: 400,
      code: 'CASH_COUNT_MISMATCH',
      details: { counted: satangToBaht(checked.total), sent: satangToBaht(total) },
    });
  }
  return JSON.stringify(satangCount.filter((d) => d.count > 0));
}

async function shiftOrRefuse(db: DbExecutor, id: number) {
  const row = await findShiftRow(db, id);
  if (!row) throw notFound('SHIFT_NOT_FOUND');
  return row;
}

export async function openShift(
  deps: ShiftDeps,
  user: SessionUser,
  input: z.output<typeof OpenShiftRequest>,
): Promise<Shift> {
  const openingFloat = bahtToSatang(input.openingFloat);
  const openingCount = storedCount(input.openingCount, openingFloat);
  const till = await findTillRow(deps.db.kysely, input.tillId);
  if (!till) throw notFound('TILL_NOT_FOUND');
  if (till.active !== 1) throw conflict('TILL_INACTIVE');
  const alreadyOpen = () => conflict('SHIFT_ALREADY_OPEN', { details: { tillName: till.name } });
  if (till.open_shift_id !== null) throw alreadyOpen();
  try {
    const id = await insertShift(deps.db.kysely, {
      tillId: till.id,
      openedBy: user.id,
      now: deps.now().toISOString(),
      openingFloat,
      openingCount,
    });
    return toApiShift((await findShiftRow(deps.db.kysely, id))!);
  } catch (err) {
    // Two opens raced: the one-open-shift-per-till index decided.
    if (isUniqueViolation(err)) throw alreadyOpen();
    throw err;
  }
}

/** The till's open shift, or null when none is open. */
export async function currentShift(deps: ShiftDeps, tillId: number): Promise<Shift | null> {
  if (!(await findTillRow(deps.db.kysely, tillId))) throw notFound('TILL_NOT_FOUND');
  const row = await findOpenShiftRow(deps.db.kysely, tillId);
  return row ? toApiShift(row) : null;
}

async function xReport(db: DbExecutor, shift: Shift, generatedAt: string): Promise<ShiftReport> {
  const [figures, movements] = await Promise.all([shiftFigureRows(db, shift.id), listCashMovementRows(db, shift.id)]);
  return shiftReport('X', shift, figures, movements, null, generatedAt, null);
}

/**
 * A shift with its X report while open (computed now, changing nothing) or the Z report kept at its close.
 * Anyone who runs a till reads an open shift's X; a closed one's Z is for managers and for who closed it.
 */
export async function shiftDetail(deps: ShiftDeps, user: SessionUser, id: number): Promise<ShiftDetailResponse> {
  const row = await shiftOrRefuse(deps.db.kysely, id);
  const shift = toApiShift(row);
  if (row.status === 'open') return { shift, report: await xReport(deps.db.kysely, shift, deps.now().toISOString()) };
  refuseClosedReport(user, row);
  return { shift, report: JSON.parse(row.z_report!) as ShiftReport };
}

/** A closed shift's Z report is for managers and for who closed it. */
function refuseClosedReport(user: SessionUser, row: { status: string; closed_by: number | null }): void {
  if (row.status !== 'open' && !can(user.role, 'shift_manage') && row.closed_by !== user.id) {
    throw new AppError({ status: 403, code: 'FORBIDDEN', details: { permission: 'shift_manage' } });
  }
}

/** Refuses to print a shift's report to whoever may not read it (404 no such shift, 403 a Z not theirs). */
export async function checkShiftReportPrint(db: DbExecutor, user: SessionUser, shiftId: number): Promise<void> {
  refuseClosedReport(user, await shiftOrRefuse(db, shiftId));
}

/**
 * A shift's report as the receipt printer prints it: the X report now while open, the kept Z once closed
 * (checkShiftReportPrint decided who may ask); null when no such shift.
 */
export async function shiftReportToPrint(db: DbExecutor, shiftId: number, nowIso: string): Promise<ShiftReport | null> {
  const row = await findShiftRow(db, shiftId);
  if (!row) return null;
  if (row.status === 'open') return xReport(db, toApiShift(row), nowIso);
  return JSON.parse(row.z_report!) as ShiftReport;
}

/** A pay-in or pay-out: refused on a closed shift; raced with a close, it lands before it or is refused. */
export async function addCashMovement(
  deps: ShiftDeps,
  user: SessionUser,
  shiftId: number,
  input: z.output<typeof CashMovementRequest>,
): Promise<CashMovement> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const shift = await shareShift(trx, shiftId);
    if (!shift) throw notFound('SHIFT_NOT_FOUND');
    if (shift.status !== 'open') throw conflict('SHIFT_CLOSED');
    const id = await insertCashMovement(trx, {
      shift_id: shiftId,
      type: input.type,
      amount: bahtToSatang(input.amount),
      reason: input.reason,
      created_by: user.id,
      created_at: deps.now().toISOString(),
    });
    const row = (await listCashMovementRows(trx, shiftId)).find((m) => m.id === id)!;
    return toApiMovement(row);
  });
}

/** The manager who signs in on the spot to approve a difference: checked before the close takes its lock. */
async function approverOf(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  approver: z.output<typeof CloseShiftRequest>['approver'],
  client: SignInClient,
): Promise<{ id: number } | null> {
  if (!approver) return null;
  return checkApprover(deps, approver, 'shift_manage', client, {
    invalidCredentials: 'SHIFT_APPROVER_INVALID_CREDENTIALS',
    notPermitted: 'SHIFT_APPROVER_NOT_PERMITTED',
    mustChangePassword: 'SHIFT_APPROVER_MUST_CHANGE_PASSWORD',
  });
}

/**
 * The close: locks the shift for update (so it waits for every sale, refund and movement holding it and sums
 * what they wrote), works out the expected cash from the recorded rows, records the count and the difference as
 * they are, and keeps the Z report. A difference above the shop's limit needs a manager's approval and a note.
 */
export async function closeShift(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  user: SessionUser,
  shiftId: number,
  input: z.output<typeof CloseShiftRequest>,
  client: SignInClient,
): Promise<ShiftDetailResponse> {
  const counted = bahtToSatang(input.countedCash);
  const countedCount = storedCount(input.countedCount, counted);
  const approver = await approverOf(deps, input.approver, client);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const locked = await lockShiftForClose(trx, shiftId);
    if (!locked) throw notFound('SHIFT_NOT_FOUND');
    if (locked.status !== 'open') throw conflict('SHIFT_CLOSED');
    const row = (await findShiftRow(trx, shiftId))!;
    const [figures, movements, settings] = await Promise.all([
      shiftFigureRows(trx, shiftId),
      listCashMovementRows(trx, shiftId),
      readSettingsShared(trx),
    ]);
    const expected = shiftCash(Number(row.opening_float), figures).expected;
    const difference = cashDifference(counted, expected);
    const limit = bahtToSatang(settings.shifts.differenceLimit);
    const needsApproval = differenceNeedsApproval(difference, limit);
    const note = input.note?.trim() || null;
    if (needsApproval && !approver) {
      throw conflict('SHIFT_DIFFERENCE_APPROVAL_REQUIRED', {
        details: {
          difference: satangToBaht(difference),
          limit: satangToBaht(limit),
          expectedCash: satangToBaht(expected),
          countedCash: satangToBaht(counted),
        },
      });
    }
    if (needsApproval && note === null) throw new AppError({ status: 400, code: 'SHIFT_NOTE_REQUIRED' });
    const closedAt = deps.now().toISOString();
    const closedBy = { id: user.id, name: user.name };
    const shiftBefore = toApiShift(row);
    const report = shiftReport('Z', shiftBefore, figures, movements, counted, closedAt, closedBy);
    const closed = await closeShiftRow(trx, shiftId, {
      closed_by: user.id,
      closed_at: closedAt,
      expected_cash: expected,
      counted_cash: counted,
      counted_count: countedCount,
      difference,
      difference_approved_by: needsApproval ? approver!.id : null,
      close_note: note,
      z_report: JSON.stringify(report),
    });
    if (!closed) throw conflict('SHIFT_CLOSED');
    return { shift: toApiShift((await findShiftRow(trx, shiftId))!), report };
  });
}

function shiftFilterOf(
  query: z.output<typeof ShiftsExportQuery> & { before?: number | undefined },
  zone: string,
  limit: number,
): ShiftListFilter {
  return {
    ...(query.tillId !== undefined && { tillId: query.tillId }),
    ...(query.userId !== undefined && { userId: query.userId }),
    ...(query.startDate !== undefined && { from: shopDayStart(query.startDate, zone) }),
    ...(query.endDate !== undefined && { to: shopDayEnd(query.endDate, zone) }),
    ...(query.status !== undefined && { status: query.status }),
    ...(query.differenceOnly !== undefined && { differenceOnly: query.differenceOnly }),
    ...(query.before !== undefined && { before: query.before }),
    limit,
  };
}

export async function listShifts(
  deps: Pick<Deps, 'db' | 'config'>,
  query: z.output<typeof ListShiftsQuery>,
): Promise<ShiftsResponse> {
  const rows = await listShiftRows(deps.db.kysely, shiftFilterOf(query, deps.config.shopTimezone, query.limit));
  return { shifts: rows.slice(0, query.limit).map(toApiShift), hasMore: rows.length > query.limit };
}

/** Two tills closing twice a day for 25 years; the oldest beyond that are left out. */
const SHIFTS_EXPORT_MAX = 20_000;

/** `GET /api/shifts/export.csv`: the shifts the filters match as CSV (UTF-8 with a byte-order mark), newest first. */
export async function shiftsExportCsv(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  query: z.output<typeof ShiftsExportQuery>,
): Promise<{ fileName: string; body: string }> {
  const zone = deps.config.shopTimezone;
  const rows = await listShiftRows(deps.db.kysely, shiftFilterOf(query, zone, SHIFTS_EXPORT_MAX));
  const dateTime = shopDateTimeFormatter(zone);
  const lines = [
    [...SHIFTS_CSV_COLUMNS],
    ...rows.slice(0, SHIFTS_EXPORT_MAX).map((row) => shiftsCsvRow(toApiShift(row), dateTime)),
  ];
  return {
    fileName: csvFileName(CSV_PREFIXES.shifts, shopToday(deps.now(), zone)),
    body: toCsv(lines, { bom: true }),
  };
}
