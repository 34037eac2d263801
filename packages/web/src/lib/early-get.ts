/** Where the API lives, relative to the app's origin. */
export const API_BASE = '/api';

/** A response started at boot older than this is not handed out: the screen asks afresh. */
const EARLY_MAX_AGE_MS = 10_000;

interface EarlyGet {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /**
     * GETs started before the app's code: the page's first (classic) script starts them and the app's
     * modules take them, so the map lives on the window, not in one bundle's module scope.
     */
    __posEarlyGets?: Map<string, EarlyGet>;
  }
}

/** The early GETs of this page; created by the first script that asks. */
function earlyGets(): Map<string, EarlyGet> {
  window.__posEarlyGets ??= new Map();
  return window.__posEarlyGets;
}

/** Whether a script of this page has already started the boot reads (the classic one, before the modules). */
export function earlyGetsStarted(): boolean {
  return window.__posEarlyGets !== undefined;
}

/**
 * Starts a GET of the API before the app's code has loaded (see `boot-reads.ts`), so that a screen's
 * data is on its way while the browser is still evaluating the app. The first `takeEarlyGet` of the
 * same path and token gets it; nothing else sees it.
 */
export function startEarlyGet(path: string, token: string): void {
  const response = fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  // A network failure surfaces in the call that takes the response; unclaimed, it is no error.
  response.catch(() => undefined);
  earlyGets().set(path, { token, startedAt: performance.now(), response });
}

/** The response of a GET started at boot for this path with this token, once, while fresh. */
export function takeEarlyGet(path: string, token: string | null): Promise<Response> | null {
  const early = window.__posEarlyGets?.get(path);
  if (!early) return null;
  window.__posEarlyGets?.delete(path);
  return early.token === token && performance.now() - early.startedAt <= EARLY_MAX_AGE_MS ? early.response : null;
}
