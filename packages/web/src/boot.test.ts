import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './lib/storage-keys';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** Loads boot.ts afresh (it runs on import, as the page's first script) at this path. */
async function bootAt(path: string) {
  history.replaceState(null, '', path);
  vi.resetModules();
  await import('./boot');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('boot', () => {
  it('starts the reads of the till on /pos, and the till’s own queries take them instead of asking again', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        json(
          {
            '/api/products/pos': { products: [] },
            '/api/products/categories/list': { categories: ['เสื้อ'] },
            '/api/customers': { customers: [] },
          }[String(url)] ?? {},
        ),
      ),
    );
    await bootAt('/pos');
    const started = fetchMock.mock.calls.map(([url]) => String(url));
    expect(started[0]).toBe('/api/products/pos');
    expect(started).toHaveLength(4);

    // The same module instances as boot.ts used (loaded after it, as main.tsx is).
    const { posApi } = await import('./features/pos/pos.queries');
    const { customersApi } = await import('./features/customers/customers.queries');
    const { fetchSettings } = await import('./features/settings/settings.queries');
    await expect(posApi.products()).resolves.toEqual([]);
    await expect(posApi.categories()).resolves.toEqual(['เสื้อ']);
    await expect(customersApi.list()).resolves.toEqual([]);
    await fetchSettings().catch(() => undefined); // the answer's shape is not the point: which URL it read
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([...started].sort());
  });

  it('starts nothing signed out, with a token alone (checked with /auth/me first), or on other screens', async () => {
    await bootAt('/pos');
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
    await bootAt('/pos');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    await bootAt('/products');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
