import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * The e-Receipt by e-mail (issue 36): a sale without a full tax invoice may have its receipt (ETDA's T01) sent
 * through the same e-Tax outbox. An outbox row so far always named a full tax invoice; a receipt's names none.
 * Every row now names its sale (`sale_id`, filled for the rows there are from their invoice), a receipt's
 * `tax_invoice_id` is null, and its `document` is the receipt as it was sent, frozen like an invoice's.
 */
export function eReceipts(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await db.schema
          .alterTable('etax_emails')
          .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
          .execute();
        await sql`update etax_emails set sale_id = tax_invoices.sale_id
          from tax_invoices where tax_invoices.id = etax_emails.tax_invoice_id`.execute(db);
        await db.schema
          .alterTable('etax_emails')
          .alterColumn('sale_id', (c) => c.setNotNull())
          .execute();
        await db.schema
          .alterTable('etax_emails')
          .alterColumn('tax_invoice_id', (c) => c.dropNotNull())
          .execute();
        await db.schema.alterTable('etax_emails').addColumn('document', 'text').execute();
      } else {
        await rebuildSqliteEtaxEmails(db, 'up');
      }
      await db.schema.createIndex('etax_emails_sale').on('etax_emails').column('sale_id').execute();
    },
    async down(db: Kysely<unknown>) {
      // Receipts' rows have no invoice to go back to.
      await sql`delete from etax_emails where tax_invoice_id is null`.execute(db);
      await db.schema.dropIndex('etax_emails_sale').execute();
      if (engine === 'postgres') {
        await db.schema.alterTable('etax_emails').dropColumn('document').execute();
        await db.schema
          .alterTable('etax_emails')
          .alterColumn('tax_invoice_id', (c) => c.setNotNull())
          .execute();
        await db.schema.alterTable('etax_emails').dropColumn('sale_id').execute();
      } else {
        await rebuildSqliteEtaxEmails(db, 'down');
      }
    },
  };
}

const KEPT_COLUMNS = [
  'id',
  'kind',
  'tax_invoice_id',
  'refund_id',
  'recipient',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'claimed_until',
  'claim_token',
  'last_error',
  'created_at',
  'finished_at',
];

/**
 * SQLite cannot drop a NOT NULL, so the table is rebuilt as its documented procedure says (as 2026112531 did
 * for sales): foreign keys off, in one transaction create, copy, drop, rename, index, check. Nothing refers to
 * `etax_emails`; its own references are checked before committing.
 */
async function rebuildSqliteEtaxEmails(db: Kysely<unknown>, direction: 'up' | 'down'): Promise<void> {
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'etax_emails'`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = withId(trx.schema.createTable('etax_emails_rebuilt'), 'sqlite')
        .addColumn('kind', 'text', notNull)
        .addColumn('tax_invoice_id', 'integer', (c) =>
          direction === 'up' ? c.references('tax_invoices.id') : c.notNull().references('tax_invoices.id'),
        );
      if (direction === 'up') table = table.addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'));
      table = table
        .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
        .addColumn('recipient', 'text', notNull)
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claimed_until', 'text')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('finished_at', 'text');
      if (direction === 'up') table = table.addColumn('document', 'text');
      await table.execute();

      const columns = sql.join(KEPT_COLUMNS.map((c) => sql.ref(c)));
      if (direction === 'up') {
        await sql`insert into etax_emails_rebuilt (${columns}, sale_id)
          select ${sql.join(KEPT_COLUMNS.map((c) => sql.ref(`etax_emails.${c}`)))}, tax_invoices.sale_id
          from etax_emails join tax_invoices on tax_invoices.id = etax_emails.tax_invoice_id`.execute(trx);
      } else {
        await sql`insert into etax_emails_rebuilt (${columns}) select ${columns} from etax_emails`.execute(trx);
      }
      await trx.schema.dropTable('etax_emails').execute();
      await trx.schema.alterTable('etax_emails_rebuilt').renameTo('etax_emails').execute();
      await trx.schema
        .createIndex('etax_emails_due')
        .on('etax_emails')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await trx.schema.createIndex('etax_emails_tax_invoice').on('etax_emails').column('tax_invoice_id').execute();

      const old = counter.rows[0]?.seq;
      if (old !== undefined) {
        await sql`update sqlite_sequence set seq = max(seq, ${old}) where name = 'etax_emails'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) select 'etax_emails', ${old}
          where not exists (select 1 from sqlite_sequence where name = 'etax_emails')`.execute(trx);
      }
      const broken = await sql`pragma foreign_key_check(etax_emails)`.execute(trx);
      if (broken.rows.length > 0) {
        throw new Error(`foreign keys broken after rebuilding etax_emails: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
