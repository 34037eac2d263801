import { sql } from 'kysely';
import type { DbExecutor } from '../../db/executor';

/** Satang and counts of what a shift recorded, each read from the rows its sales, refunds and movements wrote. */
export interface ShiftFigureRows {
  sales: {
    count: number;
    total: number;
    discount: number;
    vat: number;
    firstDocument: string | null;
    lastDocument: string | null;
  };
  salesByMethod: { method: string; count: number; amount: number }[];
  refunds: { count: number; total: number; vat: number };
  refundsByMethod: { method: string; count: number; amount: number }[];
  movements: { paidIn: number; paidOut: number };
}

const n = (value: unknown): number => Number(value ?? 0);

export async function shiftFigureRows(db: DbExecutor, shiftId: number): Promise<ShiftFigureRows> {
  const sales = await db
    .selectFrom('sales')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('total').as('total'),
      eb.fn.sum<number>('discount').as('discount'),
      eb.fn.sum<number>('tax').as('vat'),
      eb.fn.min<number>('id').as('first_id'),
      eb.fn.max<number>('id').as('last_id'),
    ])
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  const documents =
    sales.first_id === null
      ? []
      : await db
          .selectFrom('sales')
          .select(['id', 'document_number'])
          .where('id', 'in', [n(sales.first_id), n(sales.last_id)])
          .execute();
  const documentOf = (id: unknown) => documents.find((d) => d.id === n(id))?.document_number ?? null;

  // Money kept per method: a cash part's amount is what was handed over less the change.
  const salesByMethod = await db
    .selectFrom('payments as p')
    .innerJoin('sales as s', 's.id', 'p.sale_id')
    .select((eb) => [
      'p.method',
      eb.fn.count<number>('p.sale_id').distinct().as('count'),
      eb.fn.sum<number>('p.amount').as('amount'),
    ])
    .where('s.shift_id', '=', shiftId)
    .groupBy('p.method')
    .execute();

  const refunds = await db
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('total'),
      eb.fn.sum<number>('vat').as('vat'),
    ])
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  // A refund by one method is its row; a split sale's refund went back through its parts' methods.
  const refundsByMethod = await sql<{ method: string; count: number; amount: number }>`
    select method, count(distinct refund_id) as count, sum(amount) as amount from (
      select r.id as refund_id, r.refund_method as method, r.amount as amount
        from refunds r where r.shift_id = ${shiftId} and r.refund_method <> 'split'
      union all
      select r.id as refund_id, rp.method as method, rp.amount as amount
        from refunds r join refund_payments rp on rp.refund_id = r.id
        where r.shift_id = ${shiftId} and r.refund_method = 'split'
    ) parts group by method`.execute(db);

  const movements = await db
    .selectFrom('shift_cash_movements')
    .select([
      sql<number>`sum(case when type = 'in' then amount else 0 end)`.as('paid_in'),
      sql<number>`sum(case when type = 'out' then amount else 0 end)`.as('paid_out'),
    ])
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();

  return {
    sales: {
      count: n(sales.count),
      total: n(sales.total),
      discount: n(sales.discount),
      vat: n(sales.vat),
      firstDocument: documentOf(sales.first_id),
      lastDocument: documentOf(sales.last_id),
    },
    salesByMethod: salesByMethod.map((r) => ({ method: r.method, count: n(r.count), amount: n(r.amount) })),
    refunds: { count: n(refunds.count), total: n(refunds.total), vat: n(refunds.vat) },
    refundsByMethod: refundsByMethod.rows.map((r) => ({ method: r.method, count: n(r.count), amount: n(r.amount) })),
    movements: { paidIn: n(movements.paid_in), paidOut: n(movements.paid_out) },
  };
}
