import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 31: VAT is charged only by a shop that said it is registered for VAT (`vatRegistered`, null
 * until the first-run question is answered) and has its tax id. A shop that entered its tax id before
 * the question existed was charging VAT as a registered shop: it stays registered. One without a tax id
 * could not issue a valid tax invoice, so it is left undecided and the checklist asks its owner.
 */
export function vatRegistered(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const row = await sql<{ value: string }>`select value from settings where group_name = 'system'`
        .execute(db)
        .then((r) => r.rows[0]);
      if (!row) return;
      let system: unknown;
      try {
        system = JSON.parse(row.value);
      } catch {
        return; // a damaged row reads as the defaults already
      }
      if (!system || typeof system !== 'object' || 'vatRegistered' in system) return;
      const taxId = (system as { taxId?: unknown }).taxId;
      if (typeof taxId !== 'string' || taxId.trim() === '') return;
      const value = JSON.stringify({ ...system, vatRegistered: true });
      await sql`update settings set value = ${value} where group_name = 'system'`.execute(db);
    },
    async down() {
      // The flag left in the row is ignored by code that does not know it.
    },
  };
}
