import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * A card checkout waiting for the provider: the sale as the till sent it (already checked once),
 * who sold, the amount the provider was asked for, and, once paid, the sale it became. The sale is
 * recorded at most once per checkout (`sale_id`, and the till's Idempotency-Key, which is unique).
 */
export function cardCheckouts(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('card_checkouts'), engine)
        .addColumn('provider', 'text', notNull)
        .addColumn('session_id', 'text', (c) => c.notNull().unique())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('request_hash', 'text', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('request', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('stock_shortfall', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('card_checkouts_sale_id').on('card_checkouts').column('sale_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('card_checkouts').execute();
    },
  };
}
