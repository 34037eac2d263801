import {
  bahtToSatang,
  FIRST_USE_ADMIN,
  priceSale,
  pricingSettingsOf,
  satangToBaht,
  type Product,
  type Role,
  type Sale,
  type StoreSettings,
  type User,
} from '@pos/core';

/** Sets up data through the real API, as another till would. */
export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** What the tests set the first-use admin's password to, once per server, so it may use the API. */
export const FIRST_ADMIN_PASSWORD = 'e2e-admin-pass-2569';
const firstAdminReady = new Map<string, Promise<void>>();

/**
 * A session of the seeded admin. The server refuses everything but a password
 * change while the first-use password is unchanged, so the first call changes it.
 */
export async function firstAdminToken(baseUrl: string): Promise<string> {
  let ready = firstAdminReady.get(baseUrl);
  if (!ready) {
    ready = (async () => {
      const token = await apiLogin(baseUrl, FIRST_USE_ADMIN.username, FIRST_USE_ADMIN.password);
      const res = await fetch(`${baseUrl}/api/auth/password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ currentPassword: FIRST_USE_ADMIN.password, newPassword: FIRST_ADMIN_PASSWORD }),
      });
      if (!res.ok) throw new Error(`first admin password: ${res.status} ${await res.text()}`);
    })();
    firstAdminReady.set(baseUrl, ready);
  }
  await ready;
  return apiLogin(baseUrl, FIRST_USE_ADMIN.username, FIRST_ADMIN_PASSWORD);
}

export async function createUser(
  baseUrl: string,
  user: { username: string; password: string; name: string; role: Role },
): Promise<User> {
  const token = await firstAdminToken(baseUrl);
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`create ${user.username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: User }).user;
}

export async function loginStatus(baseUrl: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

/** One call of the real API as a signed-in user; anything but 2xx fails the test with the server's answer. */
export async function api<T>(
  server: { url: string },
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // A sale needs its own key, as a till sends one per checkout.
      ...(method === 'POST' && path === '/sales' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A made-up 13-digit tax id with a valid check digit. */
export const TEST_TAX_ID = '0105561234560';

/**
 * Answers the first-run VAT question "registered" (with a tax id) through the API, for specs whose
 * subject needs VAT: a fresh install charges none until its owner says so (issue 31).
 */
export async function registerForVat(
  server: { url: string },
  system: { taxRate?: number; pricesIncludeVat?: boolean } = {},
): Promise<void> {
  const token = await firstAdminToken(server.url);
  await api(server, token, 'PUT', '/settings', {
    settings: { system: { vatRegistered: true, taxId: TEST_TAX_ID, ...system } },
  });
}

/**
 * A cash sale through the real API as a till sends it, its figures worked out with core's arithmetic
 * on the shop's current settings (VAT or none, its rate and mode), so no spec works the VAT out by hand.
 */
export async function sellByApi(
  server: { url: string },
  token: string,
  lines: { product: Pick<Product, 'id' | 'price'>; quantity: number; variantId?: number }[],
  customerId: number | null = null,
  /** More of the sale's body, e.g. the till it is made at (`tillId`). */
  extra: Record<string, unknown> = {},
): Promise<Sale> {
  const { settings } = await api<{ settings: StoreSettings }>(server, token, 'GET', '/settings/store');
  const f = priceSale(
    lines.map((l) => ({ price: bahtToSatang(l.product.price), quantity: l.quantity })),
    { pointsUsed: 0, excludeVat: false, settings: pricingSettingsOf(settings) },
  );
  const { sale } = await api<{ sale: Sale }>(server, token, 'POST', '/sales', {
    customerId,
    items: lines.map((l) => ({
      productId: l.product.id,
      ...(l.variantId !== undefined && { variantId: l.variantId }),
      quantity: l.quantity,
      price: l.product.price,
    })),
    subtotal: satangToBaht(f.subtotal),
    discount: satangToBaht(f.discount),
    tax: satangToBaht(f.tax),
    total: satangToBaht(f.total),
    paymentMethod: 'cash',
    pointsUsed: 0,
    ...extra,
  });
  return sale;
}
