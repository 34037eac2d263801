import { useEffect } from 'react';
import { getTokenIssuedAt, setToken } from '../lib/session';
import { authApi } from './auth.api';
import { ACTIVITY_EVENTS, KEEP_ALIVE, shouldRefresh } from './session-keep-alive';

/** While signed in, refreshes the session token when staff are active (see session-keep-alive.ts). */
export function useSessionKeepAlive(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let lastActivity: number | null = null;
    let refreshing = false;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = async () => {
      if (refreshing || !shouldRefresh({ now: Date.now(), lastActivity, issuedAt: getTokenIssuedAt() })) return;
      refreshing = true;
      try {
        const { token } = await authApi.refresh();
        setToken(token);
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
