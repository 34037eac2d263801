import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Card sales are refunded to the card through Stripe (issue 30).
 *
 * `refunds.stripe_refund_id`: the Stripe refund (`re_…`) that gave the money back, unique, so one Stripe
 * refund is recorded once at most. `refunds.off_card_reason`: why a card sale's money was paid back
 * another way (cash, transfer, PromptPay).
 *
 * `card_refund_claims`: a card refund between its check and its record. Written before Stripe is asked
 * and deleted in the transaction that records the refund (or once Stripe has certainly refunded
 * nothing), it holds the Idempotency-Key Stripe was asked with, so a retry of the same refund gets
 * Stripe's first refund back instead of a second one. One per sale at a time (`sale_id` unique): no
 * other refund of the sale goes ahead while Stripe's outcome is unknown.
 */
export function cardRefunds(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refunds').addColumn('stripe_refund_id', 'text').execute();
      await db.schema.alterTable('refunds').addColumn('off_card_reason', 'text').execute();
      await db.schema
        .createIndex('refunds_stripe_refund_id')
        .on('refunds')
        .column('stripe_refund_id')
        .unique()
        .execute();
      await withId(db.schema.createTable('card_refund_claims'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().unique().references('sales.id'))
        .addColumn('stripe_key', 'text', (c) => c.notNull().unique())
        .addColumn('request_hash', 'text', notNull)
        .addColumn('amount', 'bigint', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('card_refund_claims').execute();
      await db.schema.dropIndex('refunds_stripe_refund_id').execute();
      await db.schema.alterTable('refunds').dropColumn('off_card_reason').execute();
      await db.schema.alterTable('refunds').dropColumn('stripe_refund_id').execute();
    },
  };
}
