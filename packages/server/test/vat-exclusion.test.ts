import type { Sale, Settings, StoreSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type ApprovalBody = { approvalToken: string; approvedBy: { id: number; name: string }; expiresAt: string };

async function setApprovalRequired(t: TestApp, on: boolean): Promise<void> {
  const token = await t.adminToken();
  const res = await t.request<{ settings: Settings }>('PUT', '/api/settings', {
    token,
    body: { settings: { system: { vatExclusionNeedsApproval: on ? 'true' : 'false' } } },
  });
  expect(res.status).toBe(200);
  expect(res.body.settings.system.vatExclusionNeedsApproval).toBe(on);
}

function askApproval(t: TestApp, cashierToken: string, username: string, password: string) {
  return t.request<ApprovalBody & { code?: string; error?: string }>('POST', '/api/sales/vat-exclusion-approvals', {
    token: cashierToken,
    body: { username, password },
  });
}

async function saleCount(t: TestApp): Promise<number> {
  return (await t.built.deps.db.kysely.selectFrom('sales').select('id').execute()).length;
}

describe.each(ENGINES)('excluding VAT on %s', (engine) => {
  const t = useTestApp(engine);

  it('records who excluded VAT and returns the name, with approval off (the default)', async () => {
    const { token, user } = await t.buildUser({ role: 'cashier', name: 'แคชเชียร์ บี' });
    const product = await buildProduct(t, { price: 100, stock: 10 });

    const noVat = await postSale(t, token, salePayload([{ product, quantity: 1 }], { excludeVAT: true }));
    expect(noVat.status).toBe(201);
    expect(noVat.body.sale).toMatchObject({
      exclude_vat: true,
      tax: 0,
      vat_excluded_by: user.id,
      vat_excluded_by_name: 'แคชเชียร์ บี',
      vat_exclusion_approved_by: null,
      vat_exclusion_approved_by_name: null,
    });

    const read = await t.request<{ sale: Sale }>('GET', `/api/sales/${noVat.body.sale.id}`, { token });
    expect(read.body.sale).toMatchObject({ vat_excluded_by: user.id, vat_excluded_by_name: 'แคชเชียร์ บี' });

    const withVat = await postSale(t, token, salePayload([{ product, quantity: 1 }]));
    expect(withVat.body.sale).toMatchObject({ exclude_vat: false, vat_excluded_by: null, vat_excluded_by_name: null });
  });

  it('lets only those who may approve (pos_refund) switch the approval, not any settings editor', async () => {
    const manager = await t.buildUser({ role: 'manager' });
    await setApprovalRequired(t, true);
    const off = await t.request<{ code: string; error: string }>('PUT', '/api/settings', {
      token: manager.token,
      body: { settings: { system: { vatExclusionNeedsApproval: false, storeName: 'ร้านใหม่' } } },
    });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('VAT_APPROVAL_SETTING_FORBIDDEN');
    const read = await t.request<{ settings: Settings }>('GET', '/api/settings', { token: manager.token });
    expect(read.body.settings.system).toMatchObject({ vatExclusionNeedsApproval: true });
    expect(read.body.settings.system.storeName).not.toBe('ร้านใหม่');
    // Other settings, and the group sent back unchanged as the settings screen does, stay theirs to save.
    const rename = await t.request<{ settings: Settings }>('PUT', '/api/settings', {
      token: manager.token,
      body: { settings: { system: { ...read.body.settings.system, storeName: 'ร้านใหม่' } } },
    });
    expect(rename.status).toBe(200);
    expect(rename.body.settings.system).toMatchObject({ storeName: 'ร้านใหม่', vatExclusionNeedsApproval: true });
    await setApprovalRequired(t, false);
  });

  it('shows the setting off by default and lets the owner turn it on, never a cashier', async () => {
    const { token } = await t.buildUser({ role: 'viewer' });
    const res = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token });
    expect(res.body.settings.system.vatExclusionNeedsApproval).toBe(false);
    const cashier = await t.buildUser({ role: 'cashier' });
    const refused = await t.request('PUT', '/api/settings', {
      token: cashier.token,
      body: { settings: { system: { vatExclusionNeedsApproval: true } } },
    });
    expect(refused.status).toBe(403);
    await setApprovalRequired(t, true);
    await setApprovalRequired(t, false);
  });

  it('with approval on, refuses an unapproved exclusion and records nothing', async () => {
    await setApprovalRequired(t, true);
    const { token } = await t.buildUser({ role: 'cashier' });
    const product = await buildProduct(t, { price: 250, stock: 4 });
    const before = await saleCount(t);

    const refused = await postSale(t, token, salePayload([{ product, quantity: 1 }], { excludeVAT: true }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'VAT_APPROVAL_REQUIRED' });
    expect(refused.body.error).toMatch(/ไม่รวม VAT/);

    const forged = await postSale(
      t,
      token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken: 'made-up-token' }),
    );
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'VAT_APPROVAL_INVALID' });
    expect(await saleCount(t)).toBe(before);
    const stock = await t.built.deps.db.kysely
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(4);

    // A sale with VAT needs nobody's approval.
    expect((await postSale(t, token, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    await setApprovalRequired(t, false);
  });

  it('accepts a single-use approval from a user holding pos_refund and records the approver', async () => {
    await setApprovalRequired(t, true);
    const cashier = await t.buildUser({ role: 'cashier', name: 'แคชเชียร์ ซี' });
    const admin = await t.buildUser({ role: 'admin', name: 'เจ้าของร้าน' });
    const product = await buildProduct(t, { price: 120, stock: 10 });

    const approval = await askApproval(t, cashier.token, admin.user.username.toUpperCase(), admin.password);
    expect(approval.status).toBe(201);
    expect(approval.body.approvedBy).toEqual({ id: admin.user.id, name: 'เจ้าของร้าน' });
    const vatApprovalToken = approval.body.approvalToken;

    const sale = await postSale(
      t,
      cashier.token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken }),
    );
    expect(sale.status).toBe(201);
    expect(sale.body.sale).toMatchObject({
      exclude_vat: true,
      vat_excluded_by: cashier.user.id,
      vat_excluded_by_name: 'แคชเชียร์ ซี',
      vat_exclusion_approved_by: admin.user.id,
      vat_exclusion_approved_by_name: 'เจ้าของร้าน',
    });

    const again = await postSale(
      t,
      cashier.token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken }),
    );
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'VAT_APPROVAL_INVALID' });
    await setApprovalRequired(t, false);
  });

  it('binds an approval to the cashier who asked, expires it, and keeps it when the sale is refused', async () => {
    await setApprovalRequired(t, true);
    const cashier = await t.buildUser({ role: 'cashier' });
    const other = await t.buildUser({ role: 'cashier' });
    const admin = await t.buildUser({ role: 'admin' });
    const product = await buildProduct(t, { price: 80, stock: 10 });
    const vatApprovalToken = (await askApproval(t, cashier.token, admin.user.username, admin.password)).body
      .approvalToken;

    const stolen = await postSale(
      t,
      other.token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken }),
    );
    expect(stolen.body).toMatchObject({ code: 'VAT_APPROVAL_INVALID' });

    // Refused for its figures: the approval is still there for the corrected sale.
    const wrongFigures = await postSale(t, cashier.token, {
      ...salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken }),
      total: 1,
    });
    expect(wrongFigures.status).toBe(409);
    const ok = await postSale(
      t,
      cashier.token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken }),
    );
    expect(ok.status).toBe(201);

    const late = (await askApproval(t, cashier.token, admin.user.username, admin.password)).body.approvalToken;
    t.advanceClock(11 * 60_000);
    const expired = await postSale(
      t,
      cashier.token,
      salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken: late }),
    );
    expect(expired.body).toMatchObject({ code: 'VAT_APPROVAL_INVALID' });
    await setApprovalRequired(t, false);
  });

  it('refuses a wrong password, an unknown user and a user without pos_refund', async () => {
    const cashier = await t.buildUser({ role: 'cashier' });
    const admin = await t.buildUser({ role: 'admin' });
    const manager = await t.buildUser({ role: 'manager' });

    const wrong = await askApproval(t, cashier.token, admin.user.username, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VAT_APPROVER_INVALID_CREDENTIALS' });
    expect(wrong.body).not.toHaveProperty('approvalToken');

    const unknown = await askApproval(t, cashier.token, 'nobody-here', 'whatever-password');
    expect(unknown.body).toMatchObject({ code: 'VAT_APPROVER_INVALID_CREDENTIALS' });

    const notAllowed = await askApproval(t, cashier.token, manager.user.username, manager.password);
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body).toMatchObject({ code: 'VAT_APPROVER_NOT_PERMITTED' });

    // The cashier's own session is untouched by the approver's failures.
    expect((await t.request('GET', '/api/auth/me', { token: cashier.token })).status).toBe(200);
  });

  it('refuses an approver who must still change a password others know (first-use or given by an admin)', async () => {
    const cashier = await t.buildUser({ role: 'cashier' });
    const admin = await t.buildUser({ role: 'admin', mustChangePassword: true });
    const refused = await askApproval(t, cashier.token, admin.user.username, admin.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'VAT_APPROVER_MUST_CHANGE_PASSWORD' });
    expect(refused.body).not.toHaveProperty('approvalToken');
  });

  it('counts failed approvals towards the sign-in throttle of that username', async () => {
    const cashier = await t.buildUser({ role: 'cashier' });
    const admin = await t.buildUser({ role: 'admin' });
    for (let i = 0; i < 5; i += 1) {
      expect((await askApproval(t, cashier.token, admin.user.username, `wrong-${i}`)).status).toBe(400);
    }
    const blocked = await askApproval(t, cashier.token, admin.user.username, admin.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.body).not.toHaveProperty('approvalToken');
    const signIn = await t.request('POST', '/api/auth/login', {
      body: { username: admin.user.username, password: admin.password },
    });
    expect(signIn.status).toBe(429);
  });
});
