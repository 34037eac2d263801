import { posProductsToColumns } from '@pos/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './lib/storage-keys';

const fetchMock = vi.fn<typeof fetch>();
// Stands for the POS screen's code, which boot starts loading: a flag instead of the whole screen.
const screenLoaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./features/pos/pos-screen', () => {
  screenLoaded.count += 1;
  return {};
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** Loads boot.ts afresh (it runs on import, as the page's first script) at this path. */
async function bootAt(path: string) {
  history.replaceState(null, '', path);
  vi.resetModules();
  await import('./boot');
}

beforeEach(() => {
  // The page's early reads live on the window (the classic boot-reads script shares them with the modules).
  delete window.__posEarlyGets;
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  screenLoaded.count = 0;
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('boot', () => {
  it('starts loading the till’s code and its reads on /pos, and the till’s own queries take them instead of asking again', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        json(
          {
            '/api/products/pos': { columns: posProductsToColumns([]) },
            '/api/products/categories/list': { categories: ['เสื้อ'] },
            '/api/customers': { customers: [] },
          }[String(url)] ?? {},
        ),
      ),
    );
    await bootAt('/pos');
    await vi.waitFor(() => expect(screenLoaded.count).toBe(1));
    const started = fetchMock.mock.calls.map(([url]) => String(url));
    expect(started[0]).toBe('/api/products/pos');
    expect(started).toHaveLength(4);

    // The same module instances as boot.ts used (loaded after it, as main.tsx is).
    const { posApi } = await import('./features/pos/pos.queries');
    const { productsApi } = await import('./features/products/products.queries');
    const { customersApi } = await import('./features/customers/customers.queries');
    const { fetchStoreSettings } = await import('./features/settings/settings.queries');
    await expect(posApi.products()).resolves.toEqual([]);
    await expect(productsApi.categoryNames()).resolves.toEqual(['เสื้อ']);
    await expect(customersApi.list()).resolves.toEqual([]);
    await fetchStoreSettings().catch(() => undefined); // the answer's shape is not the point: which URL it read
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([...started].sort());
  }, 30_000); // loads the queries' modules (zod, the core schemas) afresh: slow on a busy machine

  it('starts the reads once when the classic boot-reads script ran before the modules (as in a build)', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    fetchMock.mockImplementation(() => Promise.resolve(json({})));
    history.replaceState(null, '', '/pos');
    vi.resetModules();
    await import('./boot-reads');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // The module boot (the same code bundled again) finds them started and starts none.
    await bootAt('/pos');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('starts nothing signed out, with a token alone (checked with /auth/me first), or on other screens', async () => {
    await bootAt('/pos');
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    await bootAt('/pos');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    await bootAt('/products');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screenLoaded.count).toBe(0);
  });
});
