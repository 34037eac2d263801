import type { Kysely, Migration } from 'kysely';

/**
 * The one size and colour sold on a sale line (null: the product had none),
 * and the product's usual price at the time, for the receipt's struck-through price.
 */
export function saleItemVariants(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sale_items').addColumn('size', 'text').execute();
      await db.schema.alterTable('sale_items').addColumn('color', 'text').execute();
      // Satang; null when the product had no usual price above its price.
      await db.schema.alterTable('sale_items').addColumn('original_price', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sale_items').dropColumn('original_price').execute();
      await db.schema.alterTable('sale_items').dropColumn('color').execute();
      await db.schema.alterTable('sale_items').dropColumn('size').execute();
    },
  };
}
