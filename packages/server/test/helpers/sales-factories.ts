import { randomUUID } from 'node:crypto';
import {
  priceSale,
  pricingSettingsOf,
  satangToBaht,
  bahtToSatang,
  type CreateSaleRequest,
  type CreateSaleResponse,
  type PricingSettings,
  type Settings,
  type Product,
} from '@pos/core';
import { findLiveCustomer, insertCustomer, toApiCustomer } from '../../src/features/customers/customers.queries';
import type { HttpResult, TestApp } from './test-app';

let phoneCounter = 0;

/** A customer written through the queries module, with a starting points balance. */
/** A phone number no other customer of this test process has: one counter for every file that makes them. */
export function uniqueTestPhone(): string {
  phoneCounter += 1;
  return `08${String(10_000_000 + phoneCounter).slice(-8)}`;
}

export async function buildSaleCustomer(t: TestApp, points = 0, name = 'ลูกค้าประจำ') {
  const db = t.built.deps.db.kysely;
  const row = await insertCustomer(
    db,
    { name, phone: uniqueTestPhone(), email: null, address: null },
    new Date().toISOString(),
  );
  if (points > 0) await db.updateTable('customers').set({ loyalty_points: points }).where('id', '=', row.id).execute();
  return toApiCustomer((await findLiveCustomer(db, row.id))!);
}

/**
 * A new shop's settings: no VAT until the owner says the shop is registered (issue 31), a point per
 * 100 baht, 1 baht a point.
 */
const NEW_SHOP_SETTINGS: PricingSettings = pricingSettingsOf(undefined);

/** The terms of a shop registered for VAT (see registerForVat): `system`'s rate and mode, else 3 % on top. */
export function vatShopTerms(system: { taxRate?: number; pricesIncludeVat?: boolean } = {}): PricingSettings {
  return { ...pricingSettingsOf({ system }), vatApplies: true };
}

/** salePayload for a shop registered for VAT: 3 % on top unless `options.settings` says otherwise. */
export function vatShopSalePayload(
  lines: PayloadLine[],
  options: Partial<CreateSaleRequest> & { settings?: PricingSettings } = {},
): CreateSaleRequest {
  return salePayload(lines, { settings: vatShopTerms(), ...options });
}

/** What a cart line needs of a product. */
export type SaleProduct = Pick<Product, 'id' | 'name' | 'price' | 'barcode' | 'category'>;

/** A cart line: the product, how many, and the size and colour chosen (none unless told). */
export interface PayloadLine {
  product: SaleProduct;
  quantity: number;
  size?: string | null;
  color?: string | null;
  /** The variant sold, by id (instead of `size`/`color`). */
  variantId?: number;
  /** Baht: a variant's own price, when it has one. */
  price?: number;
}

/** The payload a cart would send, its figures worked out with the shared core arithmetic. */
export function salePayload(
  lines: PayloadLine[],
  options: Partial<CreateSaleRequest> & { settings?: PricingSettings } = {},
): CreateSaleRequest {
  const { settings = NEW_SHOP_SETTINGS, ...rest } = options;
  const pointsUsed = rest.pointsUsed ?? 0;
  const excludeVat = rest.excludeVAT === true;
  const f = priceSale(
    lines.map((l) => ({ price: bahtToSatang(l.price ?? l.product.price), quantity: l.quantity })),
    { pointsUsed, excludeVat, settings },
  );
  return {
    customerId: null,
    items: lines.map(({ product, quantity, size = null, color = null, variantId, price = product.price }) => ({
      productId: product.id,
      ...(variantId !== undefined && { variantId }),
      product_name: product.name,
      name: product.name,
      quantity,
      price,
      total: satangToBaht(bahtToSatang(price) * quantity),
      size,
      color,
      sku: product.barcode,
      category: product.category,
    })),
    subtotal: satangToBaht(f.subtotal),
    discount: satangToBaht(f.discount),
    tax: satangToBaht(f.tax),
    total: satangToBaht(f.total),
    excludeVAT: excludeVat,
    paymentMethod: 'cash',
    notes: null,
    pointsUsed,
    pointsEarned: f.pointsEarned,
    ...rest,
  };
}

/** POST /api/sales as a browser sends it, answering the raw response (its headers and bytes as sent). */
export function postSaleRaw(
  t: TestApp,
  token: string,
  body: unknown,
  { key = randomUUID(), acceptEncoding }: { key?: string; acceptEncoding?: string } = {},
): Promise<Response> {
  return fetch(`${t.url}/api/sales`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': key,
      ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
    },
    body: JSON.stringify(body),
  });
}

export function postSale(
  t: TestApp,
  token: string,
  body: unknown,
  key: string = randomUUID(),
): Promise<HttpResult<CreateSaleResponse & { code?: string; error?: string; details?: Record<string, unknown> }>> {
  return t.request('POST', '/api/sales', { token, body, headers: { 'idempotency-key': key } });
}

/** A made-up 13-digit tax id with a valid check digit, for shops registered for VAT in tests. */
export const TEST_TAX_ID = '0105561234560';

/**
 * Answers the first-run VAT question "registered" (with a tax id) through the settings API, for tests
 * whose subject needs VAT: a fresh install charges none until its owner says so. Answers the pricing
 * terms a cart then uses.
 */
export async function registerForVat(
  t: TestApp,
  system: { taxRate?: number; pricesIncludeVat?: boolean } = {},
): Promise<PricingSettings> {
  const res = await t.request<{ settings: Settings }>('PUT', '/api/settings', {
    token: await t.adminToken(),
    body: { settings: { system: { vatRegistered: true, taxId: TEST_TAX_ID, ...system } } },
  });
  if (res.status !== 200 || !res.body.settings.system.vatApplies) throw new Error(`VAT not on: ${res.status}`);
  return pricingSettingsOf(res.body.settings);
}
