import { randomUUID } from 'node:crypto';
import type { CardCheckoutResponse, CreateSaleResponse, FlaggedCardSalesResponse, Product } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server';
import { buildProduct } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
import { salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

type Answer = CreateSaleResponse & { code?: string };

/**
 * Editing a sale (refund it whole for editing, then sell its replacement) while many tills, on two
 * server processes sharing one database, send the replacement at once: exactly one replaces it, every
 * other gets 409 SALE_NOT_REPLACEABLE, never a 500.
 */
describe.each(ENGINES)('concurrent replacements of one edited sale on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let other: RunningServer;
  let admin: string;
  let cashier: string;

  beforeAll(async () => {
    other = await startServer(t.config, {
      now: t.now,
      listen: { port: 0, host: '127.0.0.1' },
      notificationWorker: 'manual',
    });
    admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    cashier = (await t.buildUser({ role: 'cashier' })).token;
  });
  afterAll(async () => other?.stop());

  /** POST on one of the two servers, through real HTTP. */
  async function post(server: number, path: string, token: string, body: unknown, key = randomUUID()) {
    const base = server === 0 ? t.url : other.url;
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  }

  /** A sold and then refunded-for-editing sale of `product`. */
  async function editedSale(product: Product): Promise<number> {
    const sold = await post(0, '/api/sales', cashier, salePayload([{ product, quantity: 2 }]));
    expect(sold.status).toBe(201);
    const refunded = await post(0, `/api/sales/${sold.body.sale.id}/refund`, admin, {
      reason: 'edit_sale',
      edit_reason: 'wrong_quantity',
      refundMethod: 'cash',
    });
    expect(refunded.status).toBe(201);
    return sold.body.sale.id;
  }

  async function replacementsOf(saleId: number): Promise<number[]> {
    const rows = await t.built.deps.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('replaces_sale_id', '=', saleId)
      .execute();
    return rows.map((r) => r.id);
  }

  it('records one replacement and answers every other with 409 SALE_NOT_REPLACEABLE', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const product = await buildProduct(t, { price: 80, stock: 100 });
      const oldId = await editedSale(product);
      const edit = salePayload([{ product, quantity: 1 }], { replacesSaleId: oldId });
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i % 2, '/api/sales', cashier, edit)));
      const codes = answers.map((a) => (a.status === 201 ? 201 : `${a.status} ${a.body.code}`));
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c !== 201)).toEqual(Array(11).fill('409 SALE_NOT_REPLACEABLE'));
      const winner = answers.find((a) => a.status === 201)!;
      expect(await replacementsOf(oldId)).toEqual([winner.body.sale.id]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('records a paid card replacement that loses the race as a new sale, flagged, and never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const product = await buildProduct(t, { price: 80, stock: 100 });
      const oldId = await editedSale(product);
      const edit = salePayload([{ product, quantity: 1 }], { replacesSaleId: oldId });
      const sessions: string[] = [];
      for (let i = 0; i < 3; i++) {
        const started = await post(0, '/api/payments/stripe/checkout', cashier, { ...edit, paymentMethod: 'card' });
        expect(started.status).toBe(201);
        const sessionId = (started.body as unknown as CardCheckoutResponse).sessionId;
        stripe.fake.pay(sessionId);
        sessions.push(sessionId);
      }
      const answers = await Promise.all([
        ...sessions.map((sessionId, i) => post(i % 2, '/api/payments/stripe/confirm', cashier, { sessionId })),
        ...Array.from({ length: 6 }, (_, i) => post(i % 2, '/api/sales', cashier, edit)),
      ]);
      const cards = answers.slice(0, sessions.length);
      const counter = answers.slice(sessions.length);
      // Every paid checkout is recorded; of all of them, one sale replaces the old one.
      expect(cards.map((a) => `${a.status} ${a.body.code ?? ''}`)).toEqual(Array(sessions.length).fill('201 '));
      for (const a of counter) expect([201, 409]).toContain(a.status);
      for (const a of counter) if (a.status === 409) expect(a.body.code).toBe('SALE_NOT_REPLACEABLE');
      const linked = await replacementsOf(oldId);
      expect(linked).toHaveLength(1);
      expect(
        counter.filter((a) => a.status === 201).length +
          cards.filter((a) => a.body.sale.replaces_sale_id === oldId).length,
      ).toBe(1);
      // Each card sale that lost is flagged for the manager.
      const flagged = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged?handled=all', {
        token: admin,
      });
      for (const [i, sessionId] of sessions.entries()) {
        const entry = flagged.body.checkouts.find((c) => c.sessionId === sessionId);
        if (cards[i]!.body.sale.replaces_sale_id === oldId) expect(entry).toBeUndefined();
        else expect(entry?.reasons.map((r) => r.reason)).toEqual(['replacement_invalid']);
      }
    }
  });
});
