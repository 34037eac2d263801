import type { Kysely, Migration } from 'kysely';

/**
 * Drops indexes another index of the same table already leads with (issue 17): every sale wrote to
 * each of them for nothing. `sales_created_at` (created_at) is the start of `sales_created_at_id`
 * (created_at, id); `sale_items_sale_id` (sale_id) of `sale_items_report_cover` (sale_id, ...);
 * `stock_movements_product` (product_id, created_at) serves what `stock_movements_product_id_id`
 * (product_id, id) does, since movements are listed and paged by id.
 */
export function redundantIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const index of ['sales_created_at', 'sale_items_sale_id', 'stock_movements_product']) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('sales_created_at').on('sales').column('created_at').execute();
      await db.schema.createIndex('sale_items_sale_id').on('sale_items').column('sale_id').execute();
      await db.schema
        .createIndex('stock_movements_product')
        .on('stock_movements')
        .columns(['product_id', 'created_at'])
        .execute();
    },
  };
}
