import { randomUUID } from 'node:crypto';
import {
  bahtToSatang,
  type CardCheckoutResponse,
  type CardSaleFlagReason,
  type ConfirmCardPaymentResponse,
  type CreateSaleRequest,
  type CreateSaleResponse,
  type FlaggedCardSale,
  type FlaggedCardSalesResponse,
  type StoreSettings,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { useFakeStripe } from './helpers/fake-stripe';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  // These tests are about a shop registered for VAT: 3 % on top unless a test says otherwise.
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type Answer = ConfirmCardPaymentResponse & { code?: string };

async function saleCount(t: TestApp): Promise<number> {
  return (await t.built.deps.db.kysely.selectFrom('sales').select('id').execute()).length;
}

/**
 * Money taken by Stripe is never lost: whatever changed between the checkout and the payment, the
 * paid checkout is recorded once, at the prices and terms checked at checkout, and flagged with why.
 */
describe.each(ENGINES)('a paid card checkout after something changed, on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let admin: string;
  let cashier: Awaited<ReturnType<TestApp['buildUser']>>;

  async function putSettings(settings: Record<string, unknown>): Promise<void> {
    const res = await t.request('PUT', '/api/settings', { token: admin, body: { settings } });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    admin = await t.adminToken();
    await registerForVat(t);
    await putSettings({ payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_123' } });
    cashier = await t.buildUser({ role: 'cashier' });
  });

  async function checkout(body: CreateSaleRequest, token = cashier.token): Promise<string> {
    const res = await t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
      token,
      body: { ...body, paymentMethod: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return res.body.sessionId;
  }

  const confirm = (sessionId: string, token = cashier.token) =>
    t.request<Answer>('POST', '/api/payments/stripe/confirm', { token, body: { sessionId } });

  async function flagsOf(sessionId: string): Promise<FlaggedCardSale | undefined> {
    const res = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged?handled=all', {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body.checkouts.find((c) => c.sessionId === sessionId);
  }

  /** Pays the session on the fake Stripe, confirms it: one sale, the same answer twice. */
  async function payAndConfirm(sessionId: string, token = cashier.token): Promise<CreateSaleResponse> {
    const before = await saleCount(t);
    stripe.fake.pay(sessionId);
    const paid = await confirm(sessionId, token);
    expect(paid.body.code).toBeUndefined();
    expect(paid.status).toBe(201);
    expect(paid.body.paymentMethod).toBe('card');
    expect(bahtToSatang(paid.body.total)).toBe(stripe.fake.sessions.get(sessionId)!.amount_total);
    const again = await confirm(sessionId, token);
    expect(again.status).toBe(201);
    expect(again.body.sale.id).toBe(paid.body.sale.id);
    expect(await saleCount(t)).toBe(before + 1);
    return paid.body;
  }

  async function expectReasons(sessionId: string, reasons: CardSaleFlagReason[]): Promise<FlaggedCardSale> {
    const flagged = await flagsOf(sessionId);
    expect(flagged?.reasons.map((r) => r.reason).sort()).toEqual([...reasons].sort());
    return flagged!;
  }

  async function askApproval(): Promise<string> {
    const approver = await t.buildUser({ role: 'admin' });
    const res = await t.request<{ approvalToken: string }>('POST', '/api/sales/vat-exclusion-approvals', {
      token: cashier.token,
      body: { username: approver.user.username, password: approver.password },
    });
    expect(res.status).toBe(201);
    return res.body.approvalToken;
  }

  it('records a paid sale whose VAT-exclusion approval expired meanwhile, with its approver', async () => {
    await putSettings({ system: { vatExclusionNeedsApproval: 'true' } });
    try {
      const product = await buildProduct(t, { price: 100, stock: 5 });
      const vatApprovalToken = await askApproval();
      const body = salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken });
      const sessionId = await checkout(body);
      t.advanceClock(11 * 60_000);
      const sale = (await payAndConfirm(sessionId)).sale;
      expect(sale.exclude_vat).toBe(true);
      expect(sale.total).toBe(100);
      expect(sale.vat_exclusion_approved_by).not.toBeNull();
      await expectReasons(sessionId, ['vat_approval_invalid']);
    } finally {
      await putSettings({ system: { vatExclusionNeedsApproval: 'false' } });
    }
  });

  it('records a paid sale whose VAT-exclusion approval was used by another sale meanwhile', async () => {
    await putSettings({ system: { vatExclusionNeedsApproval: 'true' } });
    try {
      const product = await buildProduct(t, { price: 100, stock: 5 });
      const vatApprovalToken = await askApproval();
      const body = salePayload([{ product, quantity: 1 }], { excludeVAT: true, vatApprovalToken });
      const sessionId = await checkout(body);
      expect((await postSale(t, cashier.token, body)).status).toBe(201);
      expect((await payAndConfirm(sessionId)).sale.exclude_vat).toBe(true);
      await expectReasons(sessionId, ['vat_approval_invalid']);
    } finally {
      await putSettings({ system: { vatExclusionNeedsApproval: 'false' } });
    }
  });

  it('uses the points still there when the customer spent some meanwhile, and records the shortfall', async () => {
    const customer = await buildSaleCustomer(t, 100, 'คุณแต้มหาย');
    const product = await buildProduct(t, { price: 200, stock: 5 });
    const body = salePayload([{ product, quantity: 1 }], { customerId: customer.id, pointsUsed: 50 });
    const sessionId = await checkout(body);
    const other = salePayload([{ product, quantity: 1 }], { customerId: customer.id, pointsUsed: 80 });
    expect((await postSale(t, cashier.token, other)).status).toBe(201);
    const answer = await payAndConfirm(sessionId);
    // The customer paid 150 + 3 % for 200 baht of goods: the discount stands; of the 50 points, the
    // 21 left (100 - 80 + 1 earned by the other sale) are taken.
    expect(answer.sale.discount).toBe(50);
    expect(answer.total).toBe(154.5);
    expect(answer.sale.points_used).toBe(21);
    const flagged = await expectReasons(sessionId, ['points_shortfall']);
    expect(flagged.reasons[0]).toMatchObject({ pointsShort: 29 });
    const row = await t.built.deps.db.kysely
      .selectFrom('customers')
      .select('loyalty_points')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row.loyalty_points).toBe(answer.sale.points_earned);
  });

  it('records a paid sale whose product was deleted (kept for its history) meanwhile', async () => {
    const product = await buildProduct(t, { price: 60, stock: 5 });
    expect((await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    const sessionId = await checkout(salePayload([{ product, quantity: 2 }]));
    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(200);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(sale.items[0]).toMatchObject({ product_id: product.id, product_name: product.name, quantity: 2 });
    const flagged = await expectReasons(sessionId, ['product_unavailable']);
    expect(flagged.reasons[0]!.products).toEqual([{ productId: product.id, name: product.name }]);
  });

  it('records a paid sale whose never-sold product was removed altogether meanwhile, by its name', async () => {
    const product = await buildProduct(t, { price: 45.5, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(200);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(sale.items[0]).toMatchObject({ product_id: null, product_name: product.name, price: 45.5 });
    await expectReasons(sessionId, ['product_unavailable']);
  });

  it('records a paid sale at the checkout price when the price changed meanwhile', async () => {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 2 }]));
    await t.built.deps.db.kysely.updateTable('products').set({ price: 12_000 }).where('id', '=', product.id).execute();
    const answer = await payAndConfirm(sessionId);
    expect(answer.sale.items[0]!.price).toBe(100);
    expect(answer.total).toBe(206);
    const flagged = await expectReasons(sessionId, ['price_changed']);
    expect(flagged.reasons[0]!.products).toEqual([{ productId: product.id, name: product.name }]);
  });

  it('records a paid sale whose size is no longer offered', async () => {
    const product = await buildProduct(t, { price: 300, stock: 5, sizes: ['S', 'M'] });
    const sessionId = await checkout(salePayload([{ product, quantity: 1, size: 'M' }]));
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ sizes: JSON.stringify(['S']) })
      .where('id', '=', product.id)
      .execute();
    expect((await payAndConfirm(sessionId)).sale.items[0]!.size).toBe('M');
    await expectReasons(sessionId, ['variant_unavailable']);
  });

  it('records a paid sale whose customer was deleted (kept for history): name kept, no points', async () => {
    const customer = await buildSaleCustomer(t, 40, 'คุณลบแล้ว');
    const product = await buildProduct(t, { price: 100, stock: 5 });
    expect(
      (await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }], { customerId: customer.id }))).status,
    ).toBe(201);
    const sessionId = await checkout(
      salePayload([{ product, quantity: 1 }], { customerId: customer.id, pointsUsed: 10 }),
    );
    expect((await t.request('DELETE', `/api/customers/${customer.id}`, { token: admin })).status).toBe(200);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(sale).toMatchObject({ customer_id: customer.id, customer_name: 'คุณลบแล้ว', points_used: 0 });
    expect(sale.points_earned).toBe(0);
    const flagged = await expectReasons(sessionId, ['customer_deleted']);
    expect(flagged.reasons[0]).toMatchObject({ pointsShort: 10 });
    expect(flagged.customerName).toBe('คุณลบแล้ว');
  });

  it('records a paid sale whose new customer was removed altogether, by the name checked at checkout', async () => {
    const customer = await buildSaleCustomer(t, 0, 'คุณหายไป');
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }], { customerId: customer.id }));
    expect((await t.request('DELETE', `/api/customers/${customer.id}`, { token: admin })).status).toBe(200);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(sale).toMatchObject({ customer_id: null, customer_name: 'คุณหายไป' });
    await expectReasons(sessionId, ['customer_deleted']);
  });

  it("records a paid sale whose seller's account was deactivated, confirmed from another till", async () => {
    const seller = await t.buildUser({ role: 'cashier' });
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]), seller.token);
    const off = await t.request('PUT', `/api/users/${seller.user.id}`, { token: admin, body: { isActive: false } });
    expect(off.status).toBe(200);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(sale.created_by).toBe(seller.user.id);
    await expectReasons(sessionId, ['seller_inactive']);
  });

  it('lets a seller with a card checkout waiting be deleted, and still records the paid sale', async () => {
    const seller = await t.buildUser({ role: 'cashier' });
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]), seller.token);
    const removed = await t.request('DELETE', `/api/users/${seller.user.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await payAndConfirm(sessionId)).sale.created_by).toBe(seller.user.id);
    await expectReasons(sessionId, ['seller_inactive']);
  });

  it('records a paid sale after card payments were switched off', async () => {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    await putSettings({ payment: { stripeEnabled: false } });
    try {
      await payAndConfirm(sessionId);
    } finally {
      await putSettings({ payment: { stripeEnabled: true } });
    }
    await expectReasons(sessionId, ['payment_method_disabled']);
  });

  it('records a paid sale at the VAT rate of its checkout when the rate changed meanwhile', async () => {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    await putSettings({ system: { taxRate: 10 } });
    try {
      const answer = await payAndConfirm(sessionId);
      expect(answer.sale).toMatchObject({ tax: 3, total: 103 });
    } finally {
      await putSettings({ system: { taxRate: 3 } });
    }
    await expectReasons(sessionId, ['settings_changed']);
  });

  it('records a paid checkout kept before terms were (no terms) at its own figures when the VAT rate changed', async () => {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    // As a checkout kept by the version before terms were kept looks.
    await t.built.deps.db.kysely
      .updateTable('card_checkouts')
      .set({ terms: null })
      .where('session_id', '=', sessionId)
      .execute();
    await putSettings({ system: { taxRate: 10 } });
    try {
      const answer = await payAndConfirm(sessionId);
      expect(answer.sale).toMatchObject({ tax: 3, total: 103, payment_method: 'card' });
    } finally {
      await putSettings({ system: { taxRate: 3 } });
    }
    await expectReasons(sessionId, ['settings_changed']);
  });

  it('records a paid edit whose old sale was replaced by another meanwhile, without the link', async () => {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const old = await postSale(t, cashier.token, salePayload([{ product, quantity: 2 }]));
    const refunded = await t.request('POST', `/api/sales/${old.body.sale.id}/refund`, {
      token: admin,
      body: { reason: 'edit_sale', edit_reason: 'wrong_quantity', refundMethod: 'cash' },
    });
    expect(refunded.status).toBe(201);
    const edit = salePayload([{ product, quantity: 1 }], { replacesSaleId: old.body.sale.id });
    const sessionId = await checkout(edit);
    expect((await postSale(t, cashier.token, edit)).status).toBe(201);
    expect((await payAndConfirm(sessionId)).sale.replaces_sale_id).toBeNull();
    await expectReasons(sessionId, ['replacement_invalid']);
  });

  it('records it from the signed webhook too (customer deleted meanwhile), once', async () => {
    const customer = await buildSaleCustomer(t, 0, 'คุณเว็บฮุก');
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }], { customerId: customer.id }));
    expect((await t.request('DELETE', `/api/customers/${customer.id}`, { token: admin })).status).toBe(200);
    const before = await saleCount(t);
    stripe.fake.pay(sessionId);
    const event = stripe.fake.completedEvent(sessionId);
    const hook = await t.request('POST', '/api/payments/stripe/webhook', {
      rawBody: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(hook.status).toBe(200);
    expect(await saleCount(t)).toBe(before + 1);
    expect((await confirm(sessionId)).status).toBe(201);
    expect(await saleCount(t)).toBe(before + 1);
    await expectReasons(sessionId, ['customer_deleted']);
  });

  it('tells the till what was flagged in the confirm answer, whether the return or the webhook recorded it', async () => {
    const product = await buildProduct(t, { price: 100, stock: 1 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    expect((await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    await t.built.deps.db.kysely.updateTable('products').set({ price: 12_000 }).where('id', '=', product.id).execute();
    stripe.fake.pay(sessionId);
    const event = stripe.fake.completedEvent(sessionId);
    const hook = await t.request('POST', '/api/payments/stripe/webhook', {
      rawBody: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(hook.status).toBe(200);
    const listed = await expectReasons(sessionId, ['stock_shortfall', 'price_changed']);
    // The till comes back after the webhook recorded the sale: the answer says what the manager will see.
    const paid = await confirm(sessionId);
    expect(paid.status).toBe(201);
    expect([...paid.body.flags].sort((a, b) => a.reason.localeCompare(b.reason))).toEqual(
      [...listed.reasons].sort((a, b) => a.reason.localeCompare(b.reason)),
    );
    expect(paid.body.flags.find((f) => f.reason === 'stock_shortfall')?.products).toEqual([
      { productId: product.id, name: product.name, short: 1 },
    ]);

    // A sale with nothing changed answers an empty list.
    const other = await buildProduct(t, { price: 20, stock: 5 });
    const plain = await checkout(salePayload([{ product: other, quantity: 1 }]));
    stripe.fake.pay(plain);
    const clean = await confirm(plain);
    expect(clean.status).toBe(201);
    expect(clean.body.flags).toEqual([]);
  });

  it('tells every signed-in user whether the server can take cards at all (its Stripe key is set)', async () => {
    const res = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token: cashier.token });
    expect(res.status).toBe(200);
    expect(res.body.settings.payment.stripeSecretConfigured).toBe(true);
  });

  it('lists open flags for reports_view and lets pos_refund mark one handled, once', async () => {
    const product = await buildProduct(t, { price: 50, stock: 1 });
    const sessionId = await checkout(salePayload([{ product, quantity: 1 }]));
    expect((await postSale(t, cashier.token, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    const sale = (await payAndConfirm(sessionId)).sale;
    expect(await stockOf(t, product.id)).toBe(-1);

    const manager = await t.buildUser({ role: 'manager', name: 'ผู้จัดการ' });
    const open = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', {
      token: manager.token,
    });
    expect(open.status).toBe(200);
    const item = open.body.checkouts.find((c) => c.sessionId === sessionId);
    expect(item).toMatchObject({
      saleId: sale.id,
      documentNumber: sale.document_number,
      total: 51.5,
      sellerName: cashier.user.name,
      customerName: null,
      handledAt: null,
      handledBy: null,
      reasons: [{ reason: 'stock_shortfall', products: [{ productId: product.id, name: product.name, short: 1 }] }],
      shortfall: [{ productId: product.id, name: product.name, short: 1 }],
    });

    const denied = await t.request('POST', `/api/payments/stripe/flagged/${sale.id}/handled`, {
      token: cashier.token,
    });
    expect(denied.status).toBe(403);
    const unknown = await t.request<{ code: string }>('POST', '/api/payments/stripe/flagged/999999/handled', {
      token: admin,
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'FLAGGED_SALE_NOT_FOUND' } });

    const handler = await t.buildUser({ role: 'admin', name: 'คุณจัดการ' });
    const handled = await t.request<FlaggedCardSale>('POST', `/api/payments/stripe/flagged/${sale.id}/handled`, {
      token: handler.token,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.handledBy).toBe('คุณจัดการ');
    expect(handled.body.handledAt).not.toBeNull();
    // A second click (another manager) keeps the first handler.
    const twice = await t.request<FlaggedCardSale>('POST', `/api/payments/stripe/flagged/${sale.id}/handled`, {
      token: admin,
    });
    expect(twice.body.handledBy).toBe('คุณจัดการ');

    const after = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', {
      token: manager.token,
    });
    expect(after.body.checkouts.some((c) => c.sessionId === sessionId)).toBe(false);
    expect((await flagsOf(sessionId))?.handledBy).toBe('คุณจัดการ');
  });
});
