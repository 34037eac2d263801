import {
  bahtToSatang,
  cashDifference,
  expectedCash,
  PAYMENT_METHODS,
  satangToBaht,
  type CashMovement,
  type DenominationCount,
  type Shift,
  type ShiftReport,
} from '@pos/core';
import type { ShiftFigureRows } from './shift-report.queries';
import type { CashMovementRow, ShiftRow } from './shifts.queries';

/** A count as stored (`[{ satang, count }]`) as the API shows it (baht). */
export function countView(stored: string | null): DenominationCount | null {
  if (stored === null) return null;
  const parsed = JSON.parse(stored) as { satang: number; count: number }[];
  return parsed.map((d) => ({ denomination: satangToBaht(d.satang), count: d.count }));
}

const baht = (satang: number | null) => (satang === null ? null : satangToBaht(satang));

export function toApiShift(row: ShiftRow): Shift {
  return {
    id: row.id,
    tillId: row.till_id,
    tillName: row.till_name,
    status: row.status,
    openedBy: { id: row.opened_by, name: row.opened_by_name },
    openedAt: row.opened_at,
    openingFloat: satangToBaht(Number(row.opening_float)),
    openingCount: countView(row.opening_count),
    closedBy: row.closed_by === null ? null : { id: row.closed_by, name: row.closed_by_name },
    closedAt: row.closed_at,
    expectedCash: baht(row.expected_cash === null ? null : Number(row.expected_cash)),
    countedCash: baht(row.counted_cash === null ? null : Number(row.counted_cash)),
    countedCount: countView(row.counted_count),
    difference: baht(row.difference === null ? null : Number(row.difference)),
    differenceApprovedBy:
      row.difference_approved_by === null ? null : { id: row.difference_approved_by, name: row.approved_by_name },
    closeNote: row.close_note,
  };
}

export function toApiMovement(row: CashMovementRow): CashMovement {
  return {
    id: row.id,
    shiftId: row.shift_id,
    type: row.type,
    amount: satangToBaht(Number(row.amount)),
    reason: row.reason,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: row.created_at,
  };
}

function byMethod(rows: ShiftFigureRows['salesByMethod']): ShiftReport['sales']['byMethod'] {
  // Every method in the shop's order, so the report always has the same lines.
  return PAYMENT_METHODS.map((method) => {
    const row = rows.find((r) => r.method === method);
    return { method, count: row?.count ?? 0, amount: satangToBaht(row?.amount ?? 0) };
  }).filter((line) => line.count > 0 || line.method === 'cash');
}

/** Cash figures in satang: the one place expected cash is worked out from a shift's rows (core's rule). */
export function shiftCash(openingFloat: number, figures: ShiftFigureRows) {
  const flows = {
    openingFloat,
    cashSales: figures.salesByMethod.find((r) => r.method === 'cash')?.amount ?? 0,
    cashRefunds: figures.refundsByMethod.find((r) => r.method === 'cash')?.amount ?? 0,
    paidIn: figures.movements.paidIn,
    paidOut: figures.movements.paidOut,
  };
  return { ...flows, expected: expectedCash(flows) };
}

/** The X report (open) or the Z report (at close) of a shift, baht. */
export function shiftReport(
  kind: 'X' | 'Z',
  shift: Shift,
  figures: ShiftFigureRows,
  movements: CashMovementRow[],
  counted: number | null,
  generatedAt: string,
  closedBy: Shift['closedBy'],
): ShiftReport {
  const cash = shiftCash(bahtToSatang(shift.openingFloat), figures);
  return {
    kind,
    shiftId: shift.id,
    tillName: shift.tillName,
    openedBy: shift.openedBy,
    openedAt: shift.openedAt,
    closedBy,
    closedAt: kind === 'Z' ? generatedAt : null,
    generatedAt,
    sales: {
      count: figures.sales.count,
      total: satangToBaht(figures.sales.total),
      byMethod: byMethod(figures.salesByMethod),
      discount: satangToBaht(figures.sales.discount),
      vat: satangToBaht(figures.sales.vat),
      firstDocument: figures.sales.firstDocument,
      lastDocument: figures.sales.lastDocument,
    },
    refunds: {
      count: figures.refunds.count,
      total: satangToBaht(figures.refunds.total),
      byMethod: byMethod(figures.refundsByMethod),
      vat: satangToBaht(figures.refunds.vat),
    },
    cashMovements: {
      paidIn: satangToBaht(cash.paidIn),
      paidOut: satangToBaht(cash.paidOut),
      items: movements.map(toApiMovement),
    },
    cash: {
      openingFloat: satangToBaht(cash.openingFloat),
      cashSales: satangToBaht(cash.cashSales),
      cashRefunds: satangToBaht(cash.cashRefunds),
      paidIn: satangToBaht(cash.paidIn),
      paidOut: satangToBaht(cash.paidOut),
      expected: satangToBaht(cash.expected),
      counted: counted === null ? null : satangToBaht(counted),
      difference: counted === null ? null : satangToBaht(cashDifference(counted, cash.expected)),
    },
  };
}
