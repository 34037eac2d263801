import { User } from '@pos/core';
import { STORAGE_KEYS } from './storage-keys';

export interface StoredSession {
  token: string;
  user: User;
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const token = safeGet(STORAGE_KEYS.authToken);
  return token && token.trim() !== '' ? token : null;
}

/** Stores a new token, and when it was issued (the keep-alive refreshes from there). */
export function setToken(token: string, issuedAt: number = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  localStorage.setItem(STORAGE_KEYS.sessionRefreshedAt, String(issuedAt));
}

/** When the stored token was issued, or null when unknown (a session from before this was kept). */
export function getTokenIssuedAt(): number | null {
  const value = Number(safeGet(STORAGE_KEYS.sessionRefreshedAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The stored user, or null when missing or not in the shape of the API's user. */
export function getStoredUser(): User | null {
  const raw = safeGet(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = User.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether the server's answer holds exactly the user already shown (every field equal). */
export function sameUser(a: User, b: User): boolean {
  const keys = Object.keys(a) as (keyof User)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

export function setStoredUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function readSession(): { token: string | null; user: User | null } {
  return { token: getToken(), user: getStoredUser() };
}

export function writeSession(session: StoredSession): void {
  setToken(session.token);
  setStoredUser(session.user);
}

/** Removes the session (token and user). Other local data is kept. */
export function clearSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.authToken);
    localStorage.removeItem(STORAGE_KEYS.sessionRefreshedAt);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Nothing more can be done when storage is blocked.
  }
}
