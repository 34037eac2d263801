import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteIdempotencyKeysBefore } from '../src/features/idempotency/idempotency.queries';
import {
  IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS,
  IDEMPOTENCY_PURGE_INTERVAL_MS,
} from '../src/features/idempotency/idempotency.service';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RETENTION_DAYS = 3;

function keyRow(t: TestApp, key: string) {
  return t.built.deps.db.kysely.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Keys as an older server left them: claimed `ageMs` ago, answered. */
async function insertOldKeys(t: TestApp, count: number, ageMs: number, userId: number): Promise<string[]> {
  const createdAt = new Date(t.built.deps.now().getTime() - ageMs).toISOString();
  const keys = Array.from({ length: count }, () => `old-${randomUUID()}`);
  await t.built.deps.db.kysely
    .insertInto('idempotency_keys')
    .values(
      keys.map((key) => ({
        key,
        user_id: userId,
        request_hash: 'x',
        status_code: 201,
        response: '{}',
        created_at: createdAt,
      })),
    )
    .execute();
  return keys;
}

async function countKeys(t: TestApp, keys: string[]): Promise<number> {
  const rows = await t.built.deps.db.kysely
    .selectFrom('idempotency_keys')
    .select('key')
    .where('key', 'in', keys)
    .execute();
  return rows.length;
}

describe.each(ENGINES)('idempotency key retention on %s', (engine) => {
  const t = useTestApp(engine, { IDEMPOTENCY_RETENTION_DAYS: String(RETENTION_DAYS) });

  it('replays a retry inside the window, and treats a key older than the window as new', async () => {
    const { user, password } = await t.buildUser({ role: 'cashier' });
    const scarf = await buildProduct(t, { price: 150, stock: 5 });
    const key = randomUUID();
    const body = salePayload([{ product: scarf, quantity: 1 }]);
    const first = await postSale(t, await t.login(user.username, password), body, key);
    expect(first.status).toBe(201);

    t.advanceClock(RETENTION_DAYS * DAY - 10 * MINUTE);
    const retry = await postSale(t, await t.login(user.username, password), body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await stockOf(t, scarf.id)).toBe(4);

    t.advanceClock(20 * MINUTE);
    const late = await postSale(t, await t.login(user.username, password), body, key);
    expect(late.status).toBe(201);
    expect(late.body.sale.id).not.toBe(first.body.sale.id);
    expect(late.body.sale.document_number).not.toBe(first.body.sale.document_number);
    expect(await stockOf(t, scarf.id)).toBe(3);
    // The key now stands for the new sale, for a whole window again.
    expect((await keyRow(t, key))?.created_at).toBe(late.body.sale.created_at);
    const again = await postSale(t, await t.login(user.username, password), body, key);
    expect(again.body).toEqual(late.body);
  });

  it('purges expired keys while selling, at most once per interval, keeping the ones inside the window', async () => {
    const { user, password } = await t.buildUser({ role: 'cashier' });
    const sock = await buildProduct(t, { price: 59, stock: 100 });
    // Whatever the earlier test left, the next sale after a long pause purges.
    t.advanceClock(DAY);
    expect(
      (await postSale(t, await t.login(user.username, password), salePayload([{ product: sock, quantity: 1 }]))).status,
    ).toBe(201);

    const expired = await insertOldKeys(t, 30, RETENTION_DAYS * DAY + MINUTE, user.id);
    const recent = await insertOldKeys(t, 5, RETENTION_DAYS * DAY - 30 * MINUTE, user.id);
    const token = await t.login(user.username, password);
    // Just after a purge: nothing is deleted yet.
    expect((await postSale(t, token, salePayload([{ product: sock, quantity: 1 }]))).status).toBe(201);
    expect(await countKeys(t, expired)).toBe(30);

    t.advanceClock(IDEMPOTENCY_PURGE_INTERVAL_MS + MINUTE);
    const later = await t.login(user.username, password);
    expect((await postSale(t, later, salePayload([{ product: sock, quantity: 1 }]))).status).toBe(201);
    expect(await countKeys(t, expired)).toBe(0);
    expect(await countKeys(t, recent)).toBe(5);
  });

  it('keeps up with a backlog bigger than a pass: the next pass comes a second later, not an interval', async () => {
    const { user, password } = await t.buildUser({ role: 'cashier' });
    const sock = await buildProduct(t, { price: 59, stock: 100 });
    t.advanceClock(IDEMPOTENCY_PURGE_INTERVAL_MS + MINUTE);
    const token = await t.login(user.username, password);
    // A busy chain's day: more expired keys than one pass deletes (1,000).
    const expired = await insertOldKeys(t, 2_400, RETENTION_DAYS * DAY + MINUTE, user.id);
    const sell = async () =>
      expect((await postSale(t, token, salePayload([{ product: sock, quantity: 1 }]))).status).toBe(201);
    await sell();
    expect(await countKeys(t, expired)).toBe(1_400);
    // Not before the backlog interval...
    await sell();
    expect(await countKeys(t, expired)).toBe(1_400);
    // ...but after it, without waiting ten minutes.
    t.advanceClock(IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS);
    await sell();
    expect(await countKeys(t, expired)).toBe(400);
    t.advanceClock(IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS);
    await sell();
    expect(await countKeys(t, expired)).toBe(0);
    // Caught up: back to the normal interval.
    const more = await insertOldKeys(t, 10, RETENTION_DAYS * DAY + MINUTE, user.id);
    t.advanceClock(IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS);
    await sell();
    expect(await countKeys(t, more)).toBe(10);
  });

  it('deletes in bounded batches, oldest first', async () => {
    const { user } = await t.buildUser({ role: 'cashier' });
    const older = await insertOldKeys(t, 4, 40 * DAY, user.id);
    const old = await insertOldKeys(t, 4, 30 * DAY, user.id);
    const cutoff = new Date(t.built.deps.now().getTime() - 20 * DAY).toISOString();
    expect(await deleteIdempotencyKeysBefore(t.built.deps.db.kysely, cutoff, 5)).toBe(5);
    expect(await countKeys(t, older)).toBe(0);
    expect(await countKeys(t, old)).toBe(3);
    expect(await deleteIdempotencyKeysBefore(t.built.deps.db.kysely, cutoff, 5)).toBe(3);
    expect(await countKeys(t, old)).toBe(0);
  });
});
