import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * Full tax invoices and e-Tax Invoice by Email (issue 36). A full tax invoice (86/4) replaces a sale's short
 * one: at most one per sale and one per number, both the database's rule, so two requests racing cannot both
 * issue. The document is frozen as issued (JSON, satang): its PDF and XML are built from it, so a later
 * change to the shop's or the customer's details never changes a document already given out. Customers keep
 * the tax details a regular buyer is invoiced under. The e-mail outbox is written in the invoice's (or the
 * refund's) transaction and worked like the LINE one.
 */
export function taxInvoices(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('tax_invoices'), engine)
        .addColumn('sale_id', 'integer', (c) => c.notNull().unique().references('sales.id'))
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
        .addColumn('issued_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('issued_at', 'text', notNull)
        .addColumn('buyer_name', 'text', notNull)
        .addColumn('buyer_tax_id', 'text', notNull)
        .addColumn('buyer_email', 'text')
        .addColumn('document', 'text', notNull)
        .execute();
      await db.schema.createIndex('tax_invoices_issued_at').on('tax_invoices').column('issued_at').execute();

      await db.schema.alterTable('customers').addColumn('tax_name', 'text').execute();
      await db.schema.alterTable('customers').addColumn('tax_id', 'text').execute();
      await db.schema.alterTable('customers').addColumn('tax_branch', 'text').execute();

      await withId(db.schema.createTable('etax_emails'), engine)
        // tax_invoice or credit_note; a credit note also names its refund.
        .addColumn('kind', 'text', notNull)
        .addColumn('tax_invoice_id', 'integer', (c) => c.notNull().references('tax_invoices.id'))
        .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
        .addColumn('recipient', 'text', notNull)
        // Sent as the Message-ID, so a resend after a lost answer is recognisably the same message.
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claimed_until', 'text')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('etax_emails_due').on('etax_emails').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('etax_emails_tax_invoice').on('etax_emails').column('tax_invoice_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('etax_emails').execute();
      await db.schema.alterTable('customers').dropColumn('tax_branch').execute();
      await db.schema.alterTable('customers').dropColumn('tax_id').execute();
      await db.schema.alterTable('customers').dropColumn('tax_name').execute();
      await db.schema.dropTable('tax_invoices').execute();
    },
  };
}
