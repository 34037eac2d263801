import type { User } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useT } from '../i18n';
import { ApiError, setPasswordChangeRequiredHandler, setUnauthorizedHandler } from '../lib/api';
import { clearSession, readSession, sameUser, setStoredUser, setToken, writeSession } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { authApi } from './auth.api';
import { AuthContext, type AuthContextValue, type AuthSnapshot, type AuthState } from './auth-context';
import { useSessionKeepAlive } from './use-session-keep-alive';

/** Local data removed on sign-out besides the session itself. */
const SIGN_OUT_KEYS = [
  STORAGE_KEYS.users,
  STORAGE_KEYS.pendingCheckoutCart,
  STORAGE_KEYS.pendingCheckoutCustomer,
  STORAGE_KEYS.pendingCheckoutDiscount,
] as const;

function clearLocalData(): void {
  clearSession();
  try {
    for (const key of SIGN_OUT_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing left to clear.
  }
}

/** A stored user plus token means signed in; a token alone is checked with /auth/me first (spec 000 §4). */
function initialState(): AuthState {
  const { token, user } = readSession();
  if (!token) {
    if (user) clearSession();
    return { status: 'signed-out' };
  }
  return user ? { status: 'signed-in', user, landing: null } : { status: 'loading' };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(initialState);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  // Confirm the stored session with the server in the background.
  useEffect(() => {
    if (!readSession().token) return;
    const controller = new AbortController();
    authApi
      .me(controller.signal)
      .then(({ user }) => {
        setStoredUser(user);
        // The user stored at sign-in, unchanged: keep the state, so the app is not rendered again for nothing
        // (issue 10 item 6: that render landed in the till's cold load).
        setState((prev) =>
          prev.status === 'signed-in' && sameUser(prev.user, user)
            ? prev
            : { status: 'signed-in', user, landing: prev.status === 'signed-in' ? prev.landing : null },
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A 401 is handled by the API client's unauthorized handler. Otherwise (server unreachable)
        // keep a stored user signed in, and send a token without a user to the sign-in screen.
        if (error instanceof ApiError && error.status === 401) return;
        if (stateRef.current.status !== 'loading') return;
        clearSession();
        setState({ status: 'signed-out' });
      });
    return () => controller.abort();
  }, []);

  // Any 401 ends the session: the API client has cleared storage; the route guard then goes to /login.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (stateRef.current.status === 'signed-in') toast.error(t('auth.sessionExpired'));
        setState({ status: 'signed-out' });
      }),
    [t],
  );

  // Signing in or out in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.authToken && event.key !== null) return;
      const { token, user } = readSession();
      if (!token || !user) setState({ status: 'signed-out' });
      else if (stateRef.current.status !== 'signed-in') setState({ status: 'signed-in', user, landing: null });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // The server refuses a refresh until the password is changed; the change itself starts a new session.
  useSessionKeepAlive(state.status === 'signed-in' && !state.user.must_change_password);

  // Server data of the previous user must not outlive the session.
  useEffect(() => {
    if (state.status === 'signed-out') queryClient.clear();
  }, [state.status, queryClient]);

  const signIn = useCallback((session: { token: string; user: User }, landing: string) => {
    writeSession(session);
    setState({ status: 'signed-in', user: session.user, landing });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // Local data is cleared whatever the server said (spec 000 §4).
    }
    clearLocalData();
    setState({ status: 'signed-out' });
    toast.success(t('auth.logoutSuccess'));
  }, [t]);

  const updateUser = useCallback((user: User) => {
    setStoredUser(user);
    setState((prev) => (prev.status === 'signed-in' ? { ...prev, user } : prev));
  }, []);

  const replaceToken = useCallback((token: string) => setToken(token), []);

  // The server says this password must be changed first (e.g. an admin reset it): show the change screen.
  useEffect(
    () =>
      setPasswordChangeRequiredHandler(() => {
        const current = stateRef.current;
        if (current.status === 'signed-in' && !current.user.must_change_password) {
          updateUser({ ...current.user, must_change_password: true });
        }
      }),
    [updateUser],
  );

  const clearLanding = useCallback(() => {
    setState((prev) => (prev.status === 'signed-in' && prev.landing !== null ? { ...prev, landing: null } : prev));
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const snapshot: AuthSnapshot =
      state.status === 'signed-in'
        ? { status: 'signed-in', role: state.user.role, landing: state.landing }
        : { status: state.status };
    return {
      state,
      user: state.status === 'signed-in' ? state.user : null,
      snapshot,
      signIn,
      signOut,
      updateUser,
      replaceToken,
      clearLanding,
    };
  }, [state, signIn, signOut, updateUser, replaceToken, clearLanding]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
