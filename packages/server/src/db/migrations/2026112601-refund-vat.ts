import { sql, type Kysely, type Migration } from 'kysely';

/** round(value × part / whole), half up, in BigInt: a frozen copy, so this migration never changes with core. */
function shareOf(value: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number((BigInt(value) * BigInt(part) * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}

interface OldRefund {
  id: number;
  sale_id: number;
  amount: number | string;
  sale_tax: number | string;
  sale_total: number | string;
  address: string | null;
}

/**
 * What a credit note (Revenue Code section 86/10) needs that the refund did not keep: `vat`, the
 * VAT the refund gave back in satang (its cumulative share of the sale's VAT, the way the VAT
 * summary worked it out until now, so reports do not move), and `buyer_address`, the customer's
 * address when refunded. Old rows are filled from their sale and customer in refund order.
 */
export function refundVat(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('refunds')
        .addColumn('vat', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('refunds').addColumn('buyer_address', 'text').execute();

      const { rows } = await sql<OldRefund>`
        select r.id, r.sale_id, r.amount, s.tax as sale_tax, s.total as sale_total, c.address
        from refunds r join sales s on s.id = r.sale_id left join customers c on c.id = s.customer_id
        order by r.sale_id, r.id`.execute(db);
      const before = new Map<number, number>();
      for (const row of rows) {
        const [amount, tax, total] = [Number(row.amount), Number(row.sale_tax), Number(row.sale_total)];
        const done = before.get(row.sale_id) ?? 0;
        const after = Math.min(done + amount, total);
        const vat = tax > 0 && total > 0 ? shareOf(tax, after, total) - shareOf(tax, Math.min(done, total), total) : 0;
        before.set(row.sale_id, done + amount);
        const address = row.address?.trim() ? row.address : null;
        if (vat !== 0 || address !== null) {
          await sql`update refunds set vat = ${vat}, buyer_address = ${address} where id = ${row.id}`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('refunds').dropColumn('buyer_address').execute();
      await db.schema.alterTable('refunds').dropColumn('vat').execute();
    },
  };
}
