import type { Kysely, Migration } from 'kysely';

/**
 * Reports and dashboard (issue 15) read every sale of a range: these indexes hold what those
 * queries need, so both engines answer from the index alone (no row look-ups): the sale's time and
 * what is summed or grouped, the line's sale and what the best sellers add up, and credit notes by
 * their date for the VAT summary.
 */
export function reportIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('sales_report_cover')
        .on('sales')
        .columns(['created_at', 'status', 'total', 'customer_id', 'payment_method', 'id'])
        .execute();
      await db.schema
        .createIndex('sale_items_report_cover')
        .on('sale_items')
        .columns(['sale_id', 'product_name', 'quantity', 'price', 'product_id', 'id'])
        .execute();
      await db.schema.createIndex('refunds_created_at').on('refunds').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of ['refunds_created_at', 'sale_items_report_cover', 'sales_report_cover']) {
        await db.schema.dropIndex(index).execute();
      }
    },
  };
}
