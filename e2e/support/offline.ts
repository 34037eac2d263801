import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Helpers of the offline till's browser tests (issue 38), as the offline till spec has them: the till's
 * IndexedDB filled, and the installable app's service worker in control of the page.
 */

/** Waits until the till has its catalogue and numbers in IndexedDB (refreshed as the POS opened). */
export async function waitForOfflineCache(page: Page, tillId: number): Promise<void> {
  await page.waitForFunction(async (till) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const name = names.find((n) => n.endsWith(`-t${till}`) && n.startsWith('pos-offline-u'));
    if (!name) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error as Error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
    const ready = (await count('products')) > 0 && (await count('blocks')) > 0;
    db.close();
    return ready;
  }, tillId);
  // The payment and receipt dialogs' code is fetched once the till is idle: it must be here before the network goes.
  await page.waitForLoadState('networkidle');
}

/** Waits until the service worker (the installable app) controls the page, reloading once if it claimed it early. */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled).toBe(true);
}
