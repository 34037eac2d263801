import { useEffect } from 'react';
import { getTokenIssuedAt, setToken } from '../lib/session';
import { authApi } from './auth.api';
import { ACTIVITY_EVENTS, KEEP_ALIVE, oneTabAtATime, shouldRefresh } from './session-keep-alive';

/** While signed in, refreshes the session token when staff are active (see session-keep-alive.ts). */
export function useSessionKeepAlive(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let lastActivity: number | null = null;
    let refreshing = false;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const due = () => shouldRefresh({ now: Date.now(), lastActivity, issuedAt: getTokenIssuedAt() });
    const check = async () => {
      if (refreshing || !due()) return;
      refreshing = true;
      try {
        await oneTabAtATime(async () => {
          // Another tab may have refreshed while this one waited: the stored token is then new.
          if (!due()) return;
          const { token } = await authApi.refresh();
          setToken(token);
        });
      } catch {
        // A 401 signs out through the API client; a network failure is retried at the next check.
      } finally {
        refreshing = false;
      }
    };
    const options = { capture: true, passive: true } as const;
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, options);
    const timer = window.setInterval(() => void check(), KEEP_ALIVE.checkEveryMs);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, options);
    };
  }, [signedIn]);
}
