import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A paid card checkout can be flagged for more than stock that ran out: `flags` is a JSON list of
 * `{reason, products?, pointsShort?}` (core's CardSaleFlag), replacing `stock_shortfall` (whose rows
 * become `stock_shortfall` flags). `terms` keeps what the checkout was checked at (pricing settings,
 * product and customer facts, the VAT approver), so the paid sale is recorded on those terms.
 * `handled_by`/`handled_at`: the manager who dealt with the flag, and when.
 */
export function cardCheckoutFlags(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable('card_checkouts');
      await table().addColumn('flags', 'text').execute();
      await table().addColumn('terms', 'text').execute();
      await table()
        .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await table().addColumn('handled_at', 'text').execute();
      const old = await sql<{ id: number; stock_shortfall: string }>`
        select id, stock_shortfall from card_checkouts where stock_shortfall is not null`.execute(db);
      for (const row of old.rows) {
        const flags = JSON.stringify([{ reason: 'stock_shortfall', products: JSON.parse(row.stock_shortfall) }]);
        await sql`update card_checkouts set flags = ${flags} where id = ${row.id}`.execute(db);
      }
      await db.schema.alterTable('card_checkouts').dropColumn('stock_shortfall').execute();
      await db.schema
        .createIndex('card_checkouts_open_flags')
        .on('card_checkouts')
        .columns(['handled_at', 'completed_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('card_checkouts_open_flags').execute();
      await db.schema.alterTable('card_checkouts').addColumn('stock_shortfall', 'text').execute();
      const rows = await sql<{ id: number; flags: string }>`
        select id, flags from card_checkouts where flags is not null`.execute(db);
      for (const row of rows.rows) {
        const stock = (JSON.parse(row.flags) as { reason: string; products?: unknown }[]).find(
          (flag) => flag.reason === 'stock_shortfall',
        );
        if (stock) {
          await sql`update card_checkouts set stock_shortfall = ${JSON.stringify(stock.products ?? [])}
            where id = ${row.id}`.execute(db);
        }
      }
      for (const column of ['handled_at', 'handled_by', 'terms', 'flags']) {
        await db.schema.alterTable('card_checkouts').dropColumn(column).execute();
      }
    },
  };
}
