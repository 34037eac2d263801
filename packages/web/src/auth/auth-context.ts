import type { User } from '@pos/core';
import { createContext, useContext } from 'react';

/** What the route guard knows about the session. */
export type AuthSnapshot =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      role: string;
      /** Where to go from /login right after signing in (the role's home), if set. */
      landing?: string | null;
    };

export type AuthState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: User; landing: string | null };

export interface AuthContextValue {
  state: AuthState;
  /** The signed-in user, or null. */
  user: User | null;
  /** What the route guard needs to know. */
  snapshot: AuthSnapshot;
  /** Stores the session and marks where /login should send the user next. */
  signIn: (session: { token: string; user: User }, landing: string) => void;
  /** Ends the session on the server, then clears local data even if that call failed. */
  signOut: () => Promise<void>;
  /** Replaces the stored user (after /auth/me or an edit of one's own account). */
  updateUser: (user: User) => void;
  /** Stores a new token (after a password change rotated the session). */
  replaceToken: (token: string) => void;
  /** Forgets the post-sign-in landing once the user has left /login. */
  clearLanding: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for components rendered behind the route guard. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
