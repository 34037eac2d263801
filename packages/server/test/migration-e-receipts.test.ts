import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

// The e-Receipt's outbox rows (2026112861): the rows already there keep everything and gain their invoice's sale;
// a receipt's row then needs no invoice; going back removes only receipts' rows.
describe.each(ENGINES)('the e-receipts migration on %s', (engine) => {
  it('gives every e-Tax e-mail its sale, lets a receipt’s name no invoice, and goes back without them', async () => {
    const at = await openAt(engine, '2026112831-tax-invoices');
    try {
      const seller = await insertUser(at.db, 'seller', 'ผู้ขาย', 'cashier');
      const saleId = await insertOldSale(at.db, { document_number: 'R2569-000001', created_by: seller });
      const invoice = await at.db.kysely
        .insertInto('tax_invoices')
        .values({
          sale_id: saleId,
          number: 'INV2569-000001',
          till_id: null,
          customer_id: null,
          issued_by: seller,
          issued_at: FIXTURE_NOW,
          buyer_name: 'บริษัท ผู้ซื้อ จำกัด',
          buyer_tax_id: '0105536112014',
          buyer_email: 'a@example.com',
          document: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const email = (messageId: string) => ({
        kind: 'tax_invoice',
        tax_invoice_id: invoice.id,
        refund_id: null,
        recipient: 'a@example.com',
        message_id: messageId,
        status: 'sent',
        attempts: 1,
        next_attempt_at: FIXTURE_NOW,
        created_at: FIXTURE_NOW,
        finished_at: FIXTURE_NOW,
      });
      // The table as it stood (no sale_id yet), so written by hand rather than through today's row type.
      const old = email('<1@etax.pos>');
      await sql`insert into etax_emails (kind, tax_invoice_id, refund_id, recipient, message_id, status, attempts,
          next_attempt_at, created_at, finished_at)
        values (${old.kind}, ${old.tax_invoice_id}, ${old.refund_id}, ${old.recipient}, ${old.message_id},
          ${old.status}, ${old.attempts}, ${old.next_attempt_at}, ${old.created_at}, ${old.finished_at})`.execute(
        at.db.kysely,
      );

      // Up to this migration only: later ones are undone first on the way down.
      const { error } = await at.migrator.migrateTo('2026112861-e-receipts');
      if (error) throw error;
      const kept = await at.db.kysely.selectFrom('etax_emails').selectAll().execute();
      expect(kept).toEqual([
        expect.objectContaining({ ...email('<1@etax.pos>'), sale_id: saleId, document: null, id: kept[0]!.id }),
      ]);
      const receipt = await at.db.kysely
        .insertInto('etax_emails')
        .values({
          ...email('<2@etax.pos>'),
          kind: 'receipt',
          tax_invoice_id: null,
          sale_id: saleId,
          document: '{"kind":"receipt"}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Numbers carry on after the rebuild: never one given before.
      expect(receipt.id).toBeGreaterThan(kept[0]!.id);

      const down = await at.migrator.migrateDown();
      if (down.error) throw down.error;
      const after = await at.db.kysely.selectFrom('etax_emails').select(['id', 'kind']).execute();
      expect(after).toEqual([{ id: kept[0]!.id, kind: 'tax_invoice' }]);
    } finally {
      await at.db.destroy();
      await at.drop();
    }
  });
});
