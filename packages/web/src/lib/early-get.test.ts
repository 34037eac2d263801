import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setUnauthorizedHandler } from './api';
import { startEarlyGet } from './early-get';
import { STORAGE_KEYS } from './storage-keys';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('GETs started at boot', () => {
  it('are handed to the first api.get of the same path, without asking the server again', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { n: 1 }));
    startEarlyGet('/things', 'tok-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');

    await expect(api.get('/things')).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are used once: the next read asks the server', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { n: 1 })).mockResolvedValueOnce(json(200, { n: 2 }));
    startEarlyGet('/things', 'tok-1');
    await api.get('/things');
    await expect(api.get('/things')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not used for another session, another path, a write, or once older than 10 s', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { fresh: true })));
    startEarlyGet('/a', 'someone-else');
    await expect(api.get('/a')).resolves.toEqual({ fresh: true });

    startEarlyGet('/b', 'tok-1');
    await api.get('/c');
    await api.post('/b', {});
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'GET /api/a',
      'GET /api/a',
      'GET /api/b',
      'GET /api/c',
      'POST /api/b',
    ]);

    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1_000);
    startEarlyGet('/old', 'tok-1');
    now.mockReturnValue(11_001);
    await api.get('/old');
    now.mockRestore();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/old', expect.objectContaining({ method: 'GET' }));
  });

  it('answer like any other read: a 401 ends the session', async () => {
    localStorage.setItem(STORAGE_KEYS.user, '{}');
    const onUnauthorized = vi.fn();
    const undo = setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(json(401, { error: 'หมดเวลา', code: 'SESSION_EXPIRED' }));
    startEarlyGet('/things', 'tok-1');
    await expect(api.get('/things')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    undo();
  });

  it('time out like any other read', async () => {
    vi.useFakeTimers();
    fetchMock.mockReturnValueOnce(new Promise<Response>(() => undefined));
    startEarlyGet('/slow', 'tok-1');
    const read = api.get('/slow', { timeoutMs: 1_000 });
    const caught = read.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_001);
    const error = await caught;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });
});
