import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Helpers of the offline till's browser tests (issue 38), as the offline till spec has them: the till's
 * IndexedDB filled, and the installable app's service worker in control of the page.
 */

/** What else a test needs the till to keep before the network goes, beyond its catalogue and receipt numbers. */
export interface KeptForOffline {
  customers?: boolean;
  /** Credit note numbers too (a user who may refund, issue 38's refunds offline). */
  creditNotes?: boolean;
  /** At least this many of the till's own sales. */
  sales?: number;
}

/** Waits until the till keeps its catalogue and numbers in IndexedDB (refreshed as the POS opened), and `more`. */
export async function waitForOfflineCache(page: Page, tillId: number, more: KeptForOffline = {}): Promise<void> {
  await page.waitForFunction(
    async ({ till, want }) => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '');
      const name = names.find((n) => n.endsWith(`-t${till}`) && n.startsWith('pos-offline-u'));
      if (!name) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error as Error);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve) => {
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
        });
      const blocks = await all<{ block: { kind?: string } }>('blocks');
      const ready =
        (await all('products')).length > 0 &&
        blocks.some((b) => (b.block.kind ?? 'receipt') === 'receipt') &&
        (!want.customers || (await all('customers')).length > 0) &&
        (!want.creditNotes || blocks.some((b) => b.block.kind === 'credit_note')) &&
        (await all('sales')).length >= (want.sales ?? 0);
      db.close();
      return ready;
    },
    { till: tillId, want: more },
  );
  // The payment and receipt dialogs' code is fetched once the till is idle: it must be here before the network goes.
  await page.waitForLoadState('networkidle');
}

/**
 * Waits until the service worker (the installable app) controls the page. The first install claims the open page
 * itself (clientsClaim); a reload is the fallback should the claim have come before the page listened.
 */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled).toBe(true);
}
