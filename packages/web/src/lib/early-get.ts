/** Where the API lives, relative to the app's origin. */
export const API_BASE = '/api';

/** A response started at boot older than this is not handed out: the screen asks afresh. */
const EARLY_MAX_AGE_MS = 10_000;

interface EarlyGet {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

const started = new Map<string, EarlyGet>();

/**
 * Starts a GET of the API before the app's code has loaded (see `boot.ts`), so that a screen's data
 * is on its way while the browser is still evaluating the app. The first `takeEarlyGet` of the same
 * path and token gets it; nothing else sees it.
 */
export function startEarlyGet(path: string, token: string): void {
  const response = fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  // A network failure surfaces in the call that takes the response; unclaimed, it is no error.
  response.catch(() => undefined);
  started.set(path, { token, startedAt: performance.now(), response });
}

/** The response of a GET started at boot for this path with this token, once, while fresh. */
export function takeEarlyGet(path: string, token: string | null): Promise<Response> | null {
  const early = started.get(path);
  if (!early) return null;
  started.delete(path);
  return early.token === token && performance.now() - early.startedAt <= EARLY_MAX_AGE_MS ? early.response : null;
}
