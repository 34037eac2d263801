import type { Kysely, Migration } from 'kysely';

/**
 * Stock adjustments say why (a reason code: received, counted, damaged,
 * returned_to_supplier, other); the free-text `reason` column keeps the note.
 * A product's history pages newest-first by id.
 */
export function stockAdjustments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('stock_movements').addColumn('reason_code', 'text').execute();
      await db.schema
        .createIndex('stock_movements_product_id_id')
        .on('stock_movements')
        .columns(['product_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('stock_movements_product_id_id').execute();
      await db.schema.alterTable('stock_movements').dropColumn('reason_code').execute();
    },
  };
}
