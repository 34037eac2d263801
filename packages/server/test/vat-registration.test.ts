import type { PricingSettings, Product, Sale, Settings, StoreSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, registerForVat, salePayload, TEST_TAX_ID } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type SettingsBody = { settings: Settings; code?: string; fields?: Record<string, string> };

async function putSystem(t: TestApp, system: Record<string, unknown>) {
  return t.request<SettingsBody>('PUT', '/api/settings', {
    token: await t.adminToken(),
    body: { settings: { system } },
  });
}

async function storeSystem(t: TestApp) {
  const { token } = await t.buildUser({ role: 'cashier' });
  return (await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token })).body.settings.system;
}

/** One 100-baht product sold by a cashier, the cart's figures worked out on `terms` (none: no VAT). */
async function sellOne(t: TestApp, product: Product, terms?: PricingSettings) {
  const { token } = await t.buildUser({ role: 'cashier' });
  return postSale(t, token, salePayload([{ product, quantity: 1 }], terms ? { settings: terms } : {}));
}

describe.each(ENGINES)('VAT registration on %s', (engine) => {
  const t = useTestApp(engine);

  it('a fresh install charges no VAT until the owner says the shop is registered', async () => {
    const system = await storeSystem(t);
    expect(system).toMatchObject({ vatRegistered: null, vatApplies: false, taxRate: 3, pricesIncludeVat: false });

    const product = await buildProduct(t, { price: 100 });
    const res = await sellOne(t, product);
    expect(res.status).toBe(201);
    const sale: Sale = res.body.sale;
    expect(sale).toMatchObject({ subtotal: 100, tax: 0, total: 100, tax_rate: 0, exclude_vat: false });

    // Its refund corrects no tax invoice: a refund note, no credit note number.
    const refund = await t.request<{ refund: { credit_note_number: string | null; vat: number } }>(
      'POST',
      `/api/sales/${sale.id}/refund`,
      { token: await t.adminToken(), body: { reason: 'customer_request' } },
    );
    expect(refund.status).toBe(201);
    expect(refund.body.refund).toMatchObject({ credit_note_number: null, vat: 0 });
  });

  it('refuses "registered" without a tax id, and removing the tax id while registered, changing nothing', async () => {
    const refused = await putSystem(t, { vatRegistered: true, taxRate: 7 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VAT_TAX_ID_REQUIRED');
    expect(refused.body.fields).toHaveProperty(['settings.system.taxId']);
    expect(await storeSystem(t)).toMatchObject({ vatRegistered: null, vatApplies: false, taxRate: 3 });

    const registered = await putSystem(t, { vatRegistered: true, taxId: TEST_TAX_ID });
    expect(registered.status).toBe(200);
    expect(registered.body.settings.system).toMatchObject({ vatRegistered: true, vatApplies: true });

    const cleared = await putSystem(t, { taxId: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.code).toBe('VAT_TAX_ID_REQUIRED');
    expect((await storeSystem(t)).taxId).toBe(TEST_TAX_ID);

    // Answering "not registered" keeps the tax id (a receipt may show it) but charges no VAT.
    const notRegistered = await putSystem(t, { vatRegistered: false });
    expect(notRegistered.status).toBe(200);
    expect(notRegistered.body.settings.system).toMatchObject({ vatRegistered: false, vatApplies: false });
  });

  it('a registered shop charges its rate in its mode and its refunds get credit notes', async () => {
    const terms = await registerForVat(t, { taxRate: 7, pricesIncludeVat: true });
    const product = await buildProduct(t, { price: 107 });
    const res = await sellOne(t, product, terms);
    expect(res.status).toBe(201);
    expect(res.body.sale).toMatchObject({ total: 107, tax: 7, tax_rate: 7, prices_include_vat: true });
    const refund = await t.request<{ refund: { credit_note_number: string | null; vat: number } }>(
      'POST',
      `/api/sales/${res.body.sale.id}/refund`,
      { token: await t.adminToken(), body: { reason: 'customer_request' } },
    );
    expect(refund.status).toBe(201);
    expect(refund.body.refund.credit_note_number).toMatch(/\S/);
    expect(refund.body.refund.vat).toBe(7);

    // Once the owner answers "not registered", sales carry no VAT.
    await putSystem(t, { vatRegistered: false });
    const after = await sellOne(t, product);
    expect(after.status).toBe(201);
    expect(after.body.sale).toMatchObject({ total: 107, tax: 0, tax_rate: 0 });
  });
});
