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
