import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readStoredSettings } from '../src/features/settings/settings.service';
import { FIXTURE_NOW, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

/** A shop as stored before the VAT question: its system group written with or without a tax id. */
async function shopBefore(engine: (typeof ENGINES)[number], system: Record<string, unknown> | null) {
  const at = await openAt(engine, '2026112772-known-sign-in-clients');
  if (system) {
    await sql`insert into settings (group_name, value, updated_at) values ('system', ${JSON.stringify(system)}, ${FIXTURE_NOW})`.execute(
      at.db.kysely,
    );
  }
  const { error } = await at.migrator.migrateToLatest();
  if (error) throw error;
  try {
    return (await readStoredSettings(at.db.kysely)).system;
  } finally {
    await at.db.destroy();
    await at.drop();
  }
}

describe.each(ENGINES)('the VAT-registered migration on %s', (engine) => {
  it('keeps a shop that entered its tax id registered, and asks the others', async () => {
    const withTaxId = await shopBefore(engine, { storeName: 'ร้านเดิม', taxId: '0105561234560', taxRate: 7 });
    expect(withTaxId).toMatchObject({ vatRegistered: true, taxId: '0105561234560', taxRate: 7 });
    const withoutTaxId = await shopBefore(engine, { storeName: 'ร้านเดิม', taxId: '', taxRate: 7 });
    expect(withoutTaxId).toMatchObject({ vatRegistered: null, taxRate: 7 });
    expect(await shopBefore(engine, null)).toMatchObject({ vatRegistered: null, taxRate: 3 });
  });
});
