/**
 * Sliding sessions, browser side. The server ends a session after some hours
 * without activity (SESSION_TTL_HOURS) and slides that end on /auth/refresh,
 * up to a maximum age. The browser refreshes while staff are actually using it
 * (keys, taps, clicks), at most once per interval, so an active cashier is never
 * signed out mid-shift and an abandoned till still signs itself out.
 */
export const KEEP_ALIVE = {
  /** Refresh at most this often while there is activity. */
  refreshEveryMs: 10 * 60_000,
  /** How often to check. */
  checkEveryMs: 60_000,
} as const;

export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Whether to refresh now: there was activity since the token was issued, and
 * the token is at least one interval old. An unknown issue time (a session kept
 * from before) refreshes on the first activity.
 */
export function shouldRefresh(state: { now: number; lastActivity: number | null; issuedAt: number | null }): boolean {
  if (state.lastActivity === null) return false;
  if (state.issuedAt === null) return true;
  return state.lastActivity > state.issuedAt && state.now - state.issuedAt >= KEEP_ALIVE.refreshEveryMs;
}

/**
 * Runs `refresh` while holding a lock every tab of this site shares (Web Locks), so two tabs never
 * refresh the same token at once: the server takes a second refresh of a rotated token for reuse
 * and ends the session everywhere. Where the browser has no Web Locks it just runs.
 */
export async function oneTabAtATime(refresh: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('pos-session-refresh', refresh);
  else await refresh();
}
