import type { Kysely, Migration } from 'kysely';

/** The one size and colour sold on a sale line (null: the product had none). */
export function saleItemVariants(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sale_items').addColumn('size', 'text').execute();
      await db.schema.alterTable('sale_items').addColumn('color', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sale_items').dropColumn('color').execute();
      await db.schema.alterTable('sale_items').dropColumn('size').execute();
    },
  };
}
