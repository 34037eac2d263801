import { readBody } from './read-body';

/** Where the API lives, relative to the app's origin. */
export const API_BASE = '/api';

/** A response started at boot older than this is not handed out: the screen asks afresh. */
const EARLY_MAX_AGE_MS = 10_000;

/** A GET's answer as the API client reads it: the status and the body (see `readBody`). */
export interface EarlyAnswer {
  status: number;
  ok: boolean;
  payload: unknown;
  /** When it was read (ms since the epoch, as the query cache counts). */
  receivedAt: number;
}

interface EarlyGet {
  token: string;
  startedAt: number;
  answer: Promise<EarlyAnswer>;
  /** The answer once read. */
  ready: EarlyAnswer | null;
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
 * data is on its way while the browser is still evaluating the app; its body is read as soon as it
 * arrives (issue 10 item 6: so the till's list can be ready for the screen's first render). The first
 * `takeEarlyGet` of the same path and token gets it; nothing else sees it.
 */
export function startEarlyGet(path: string, token: string): void {
  const entry: EarlyGet = { token, startedAt: performance.now(), answer: Promise.resolve(null as never), ready: null };
  entry.answer = fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  }).then(async (response) => {
    const answer = {
      status: response.status,
      ok: response.ok,
      payload: await readBody(response),
      receivedAt: Date.now(),
    };
    entry.ready = answer;
    return answer;
  });
  // A network failure surfaces in the call that takes the answer; unclaimed, it is no error.
  entry.answer.catch(() => undefined);
  earlyGets().set(path, entry);
}

/** The early GET of this path for this token while fresh, or null (a stale or foreign one is dropped). */
function usable(path: string, token: string | null): EarlyGet | null {
  const early = window.__posEarlyGets?.get(path);
  if (!early) return null;
  if (early.token === token && performance.now() - early.startedAt <= EARLY_MAX_AGE_MS) return early;
  window.__posEarlyGets?.delete(path);
  return null;
}

/** The answer of a GET started at boot for this path with this token, once, while fresh. */
export function takeEarlyGet(path: string, token: string | null): Promise<EarlyAnswer> | null {
  const early = usable(path, token);
  if (!early) return null;
  window.__posEarlyGets?.delete(path);
  return early.answer;
}

/**
 * The successful answer of a GET started at boot for this path with this token, once, if it has already
 * been read; null otherwise, leaving an answer not yet in (or a refusal) to `takeEarlyGet`.
 */
export function takeReadyEarlyGet(path: string, token: string | null): EarlyAnswer | null {
  const early = usable(path, token);
  if (!early?.ready?.ok) return null;
  window.__posEarlyGets?.delete(path);
  return early.ready;
}
