import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { satangToBaht, type CreateSaleRequest, type CreateSaleResponse, type RefundSaleResponse } from '@pos/core';
import type { Db } from '../../src/db/database';
import { hashPassword } from '../../src/passwords/passwords';
import { seededRandom } from '../../src/demo/demo-catalogue';
import { insertCustomer } from '../../src/features/customers/customers.queries';
import { insertProducts } from '../../src/features/products/products.queries';
import { insertUser } from '../../src/features/users/users.queries';
import { salePayload, type SaleProduct } from '../helpers/sales-factories';

/** A seeded shop: products with little stock, customers with points, one admin per till. */
export interface Shop {
  products: SaleProduct[];
  customerIds: number[];
  tills: { username: string; password: string }[];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/**
 * Writes the shop through the queries modules (the server processes may already run on the database):
 * `products` products with `minStock` (1 unless told) to `maxStock` units, `customers` customers with 0 to 300 points, and
 * `tills` admin accounts (admins may sell and refund).
 */
export async function seedShop(
  db: Db,
  options: { products: number; minStock?: number; maxStock: number; customers: number; tills: number; seed: number },
): Promise<Shop> {
  const random = seededRandom(options.seed);
  const now = new Date().toISOString();
  const tag = randomUUID().slice(0, 6);
  const rows = Array.from({ length: options.products }, (_, i) => ({
    name: `สินค้าโหลด ${tag}-${i + 1}`,
    sku: `LOAD-${tag}-${i + 1}`,
    barcode: `LOAD-${tag}-${i + 1}`,
    category_id: null,
    // 50.00 to 500.75 baht, with satang, so tax and points round.
    price: between(random, 5_000, 50_075),
    cost: 0,
    original_price: null,
    stock: between(random, options.minStock ?? 1, options.maxStock),
    description: '',
    image_id: null,
    image_url: null,
    sizes: [],
    colors: [],
  }));
  const ids = await insertProducts(db.kysely, rows, now);
  const products = rows.map((row, i) => ({
    id: ids[i]!,
    name: row.name,
    price: satangToBaht(row.price),
    barcode: row.barcode,
    category: null,
  }));

  const customerIds: number[] = [];
  for (let i = 0; i < options.customers; i += 1) {
    const phone = `09${String(between(random, 0, 99_999_999)).padStart(8, '0')}`;
    const row = await insertCustomer(
      db.kysely,
      { name: `ลูกค้าโหลด ${tag}-${i + 1}`, phone, email: null, address: null },
      now,
    ).catch(() => undefined); // a repeated random phone number: one customer fewer
    if (!row) continue;
    await db.kysely
      .updateTable('customers')
      .set({ loyalty_points: between(random, 0, 300) })
      .where('id', '=', row.id)
      .execute();
    customerIds.push(row.id);
  }

  const password = `soak-till-${tag}`;
  const passwordHash = await hashPassword(password);
  const tills = [];
  for (let i = 0; i < options.tills; i += 1) {
    const row = await insertUser(db.kysely, {
      username: `till_${tag}_${i + 1}`,
      name: `เครื่องขาย ${i + 1}`,
      email: null,
      role: 'admin',
      password_hash: passwordHash,
      must_change_password: false,
      now,
    });
    tills.push({ username: row.username, password });
  }
  return { products, customerIds, tills };
}

/** How a request ended, as the client saw it. */
export type Outcome = 'acked' | 'refused' | 'unanswered';

export interface SaleOp {
  kind: 'sale';
  key: string;
  till: number;
  body: CreateSaleRequest;
  outcome: Outcome;
  status?: number;
  code?: string;
  answer?: CreateSaleResponse;
}

export interface RefundOp {
  kind: 'refund';
  key: string;
  till: number;
  saleId: number;
  body: { reason: string; refundMethod: 'cash'; lines?: { saleItemId: number; quantity: number }[] };
  outcome: Outcome;
  status?: number;
  code?: string;
  answer?: RefundSaleResponse;
}

export type Op = SaleOp | RefundOp;

/** Everything the clients did and saw. */
export interface Ledger {
  ops: Op[];
  /** Answers a client did not expect (a 5xx, an unknown refusal, two answers to one key that differ). */
  unexpected: string[];
  /** Milliseconds from request to acknowledged sale. */
  saleLatencies: number[];
  /** Operations by `kind outcome`, e.g. `sale acked`. */
  tally: Record<string, number>;
}

/** Refusals a busy shop gives for good reasons; anything else is a fault. */
const EXPECTED_REFUSALS: Record<Op['kind'], string[]> = {
  sale: ['INSUFFICIENT_STOCK', 'INSUFFICIENT_POINTS'],
  refund: ['SALE_ALREADY_REFUNDED'],
};

export interface LoadOptions {
  shop: Shop;
  /** The server each till talks to now (a restarted server has a new address). */
  urlFor: (till: number) => string;
  operations: number;
  seed: number;
  /** Share of sales sent twice at once with one key, to two servers when there are two. */
  duplicateShare?: number;
  /** The address for the duplicate of a till's sale (the other process). */
  otherUrlFor?: (till: number) => string;
  /**
   * Called when a request got no answer (the server died): resolves once it is worth sending again. Without
   * it an unanswered request is a fault.
   */
  whenUp?: () => Promise<void>;
  /** Called after each operation with the number done so far. */
  onProgress?: (done: number) => void;
  /** Past `operations`, the tills go on while this answers true (e.g. until a backup taken meanwhile is done). */
  keepGoingWhile?: () => boolean;
  /** Share of operations that refund, when there is something to refund (0.3 unless told). */
  refundShare?: number;
  /** Share of refunds sent without an Idempotency-Key (none unless told; never when requests are resent). */
  keylessRefundShare?: number;
  /** Long runs: count outcomes in `ledger.tally` only, keeping no operation (the checks need them). */
  forget?: boolean;
}

/** Refunds may go without an Idempotency-Key (the API allows it); their ledger key starts with this. */
const KEYLESS = 'keyless-';

interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function send(url: string, token: string, body: unknown, key: string): Promise<HttpAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(!key.startsWith(KEYLESS) && { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** What a till may still refund of the sales it saw acknowledged (its own view; others refund too). */
interface Refundable {
  saleId: number;
  lines: { id: number; left: number }[];
}

/**
 * Runs `operations` sales and refunds from every till at once (one request in flight per till), each
 * with its own Idempotency-Key, and records every request and answer in the ledger. Sales: 1 to 3 lines
 * of 1 or 2 units, a customer on most, some spending points. Refunds: of a sale some till saw
 * acknowledged, the whole of what is left or one line in part.
 */
export async function runLoad(options: LoadOptions, tokens: string[], ledger: Ledger): Promise<void> {
  const { shop } = options;
  const refundable: Refundable[] = [];
  let started = 0;
  let done = 0;

  // Sets the outcome and flags an answer no till should get.
  const judge = (op: Op, answer: HttpAnswer | undefined) => {
    if (!answer) {
      op.outcome = 'unanswered';
      if (!options.whenUp) ledger.unexpected.push(`${op.kind} ${op.key}: no answer`);
      return;
    }
    op.status = answer.status;
    if (answer.status === 201) {
      op.outcome = 'acked';
      return;
    }
    op.outcome = 'refused';
    op.code = typeof answer.body.code === 'string' ? answer.body.code : undefined;
    if (!EXPECTED_REFUSALS[op.kind].includes(op.code ?? '')) {
      ledger.unexpected.push(`${op.kind} ${op.key}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
  };

  const record = (op: Op, answer: HttpAnswer | undefined) => {
    judge(op, answer);
    const name = `${op.kind} ${op.outcome}`;
    ledger.tally[name] = (ledger.tally[name] ?? 0) + 1;
  };

  const attempt = async (url: string, token: string, body: unknown, key: string) => {
    try {
      return await send(url, token, body, key);
    } catch {
      return undefined;
    }
  };

  const till = async (index: number) => {
    const random = seededRandom(options.seed * 1000 + index);
    while (started < options.operations || options.keepGoingWhile?.()) {
      started += 1;
      const target =
        refundable.length > 0 && random() < (options.refundShare ?? 0.3)
          ? refundable[Math.floor(random() * refundable.length)]
          : undefined;
      if (target) await refund(index, random, target);
      else await sale(index, random);
      done += 1;
      options.onProgress?.(done);
    }
  };

  const sale = async (index: number, random: () => number) => {
    const lineCount = between(random, 1, 3);
    const lines = [];
    const used = new Set<number>();
    for (let i = 0; i < lineCount; i += 1) {
      const product = pick(random, shop.products);
      if (used.has(product.id)) continue;
      used.add(product.id);
      lines.push({ product, quantity: between(random, 1, 2) });
    }
    const customerId = shop.customerIds.length > 0 && random() < 0.7 ? pick(random, shop.customerIds) : null;
    const pointsUsed = customerId !== null && random() < 0.3 ? between(random, 1, 30) : 0;
    const key = `soak-${randomUUID()}`;
    // The key travels in the notes too, so the checks can count the sales a key recorded.
    const body = salePayload(lines, { customerId, pointsUsed, notes: key });
    const op: SaleOp = { kind: 'sale', key, till: index, body, outcome: 'unanswered' };
    if (!options.forget) ledger.ops.push(op);
    const began = performance.now();
    const duplicate = options.duplicateShare !== undefined && random() < options.duplicateShare;
    const [first, copy] = await Promise.all([
      attempt(`${options.urlFor(index)}/api/sales`, tokens[index]!, body, key),
      duplicate
        ? attempt(`${(options.otherUrlFor ?? options.urlFor)(index)}/api/sales`, tokens[index]!, body, key)
        : undefined,
    ]);
    // Sent twice at once with one key: a recorded sale is answered the same to both. A refused copy keeps
    // nothing (not even the key), so the other copy may still be recorded a moment later (a refund put the
    // units back): the till then holds that acknowledgement.
    const answer = first?.status !== 201 && copy?.status === 201 ? copy : first;
    if (first?.status === 201 && copy?.status === 201 && !isDeepStrictEqual(first, copy)) {
      ledger.unexpected.push(`sale ${key} sent twice at once: two different answers`);
    }
    if (copy && copy.status !== 201 && !EXPECTED_REFUSALS.sale.includes(String(copy.body.code))) {
      ledger.unexpected.push(`sale ${key} copy: ${copy.status} ${JSON.stringify(copy.body).slice(0, 300)}`);
    }
    record(op, answer);
    if (answer?.status === 201) {
      if (!options.forget) ledger.saleLatencies.push(performance.now() - began);
      op.answer = answer.body as unknown as CreateSaleResponse;
      refundable.push({
        saleId: op.answer.sale.id,
        lines: op.answer.sale.items.map((item) => ({ id: item.id, left: item.quantity })),
      });
    }
    if (!answer && options.whenUp) await options.whenUp();
  };

  const refund = async (index: number, random: () => number, target: Refundable) => {
    const open = target.lines.filter((l) => l.left > 0);
    const whole = open.length === 0 || random() < 0.5;
    const line = whole ? undefined : pick(random, open);
    const quantity = line ? between(random, 1, line.left) : 0;
    const body: RefundOp['body'] = {
      reason: 'customer_request',
      refundMethod: 'cash',
      ...(line && { lines: [{ saleItemId: line.id, quantity }] }),
    };
    const keyless = options.keylessRefundShare !== undefined && random() < options.keylessRefundShare;
    const key = `${keyless ? KEYLESS : 'soak-'}refund-${randomUUID()}`;
    const op: RefundOp = { kind: 'refund', key, till: index, saleId: target.saleId, body, outcome: 'unanswered' };
    if (!options.forget) ledger.ops.push(op);
    const answer = await attempt(
      `${options.urlFor(index)}/api/sales/${target.saleId}/refund`,
      tokens[index]!,
      body,
      key,
    );
    record(op, answer);
    if (answer?.status === 201) {
      op.answer = answer.body as unknown as RefundSaleResponse;
      for (const item of op.answer.sale.items) {
        const known = target.lines.find((l) => l.id === item.id);
        if (known) known.left = item.quantity - item.refunded_quantity;
      }
    } else if (answer?.status === 409) {
      for (const l of target.lines) l.left = 0; // someone else refunded it: leave it be
    }
    if (target.lines.every((l) => l.left === 0)) refundable.splice(refundable.indexOf(target), 1);
    if (!answer && options.whenUp) await options.whenUp();
  };

  await Promise.all(tokens.map((_, index) => till(index)));
}

/**
 * Sends every request the clients had no answer for again, with its key and body, to `urlFor(op.till)`,
 * and every acknowledged one too: an acknowledged request must get its first answer back, an unanswered one
 * now gets its one answer (recorded in the ledger as if it had come the first time).
 */
export async function retryAll(ledger: Ledger, tokens: string[], urlFor: (till: number) => string): Promise<void> {
  // Each till resends its own requests in order; the tills at once.
  await Promise.all(
    tokens.map(async (token, till) => {
      for (const op of ledger.ops) if (op.till === till) await resend(ledger, op, token, urlFor(till));
    }),
  );
}

async function resend(ledger: Ledger, op: Op, token: string, url: string): Promise<void> {
  if (op.outcome === 'refused' || op.key.startsWith(KEYLESS)) return;
  const path = op.kind === 'sale' ? '/api/sales' : `/api/sales/${op.saleId}/refund`;
  const answer = await send(`${url}${path}`, token, op.body, op.key);
  if (op.outcome === 'acked') {
    if (answer.status !== 201 || !isDeepStrictEqual(answer.body, op.answer)) {
      ledger.unexpected.push(`${op.kind} ${op.key} resent: ${answer.status}, not the first answer`);
    }
    return;
  }
  op.status = answer.status;
  if (answer.status === 201) {
    op.outcome = 'acked';
    if (op.kind === 'sale') op.answer = answer.body as unknown as CreateSaleResponse;
    else op.answer = answer.body as unknown as RefundSaleResponse;
    return;
  }
  op.outcome = 'refused';
  op.code = typeof answer.body.code === 'string' ? answer.body.code : undefined;
  if (!EXPECTED_REFUSALS[op.kind].includes(op.code ?? '')) {
    ledger.unexpected.push(
      `${op.kind} ${op.key} resent: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
}

export function newLedger(): Ledger {
  return { ops: [], unexpected: [], saleLatencies: [], tally: {} };
}

/** p50 and p99 of the acknowledged sales' response times, in ms. */
export function latencyFigures(ledger: Ledger): { p50: number; p99: number } {
  const sorted = [...ledger.saleLatencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99) };
}
