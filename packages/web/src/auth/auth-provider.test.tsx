import type { User } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n';
import { sameUser, writeSession } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

const STORED: User = {
  id: 7,
  username: 'till1',
  name: 'พนักงานหน้าร้าน',
  email: null,
  role: 'cashier',
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  last_login: '2026-11-26T01:00:00.000Z',
  must_change_password: false,
};

let renders = 0;
function Consumer() {
  renders++;
  const { user } = useAuth();
  return <p>{user?.name ?? '-'}</p>;
}

/** Answers GET /api/auth/me (the only call here) with `user`. */
function serveMe(user: User) {
  const fetchMock = vi.fn(async () => Response.json({ user }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApp() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider initialLocale="th">
        <AuthProvider>
          <Consumer />
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  renders = 0;
  localStorage.clear();
  writeSession({ token: 'stored-token', user: STORED });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuthProvider confirming the stored session', () => {
  it('does not render the app again when /auth/me answers the user already stored', async () => {
    serveMe({ ...STORED });
    const stores = vi.spyOn(Storage.prototype, 'setItem');
    renderApp();
    expect(screen.getByText(STORED.name)).toBeTruthy();
    const rendersBefore = renders;
    // The answer was read and handled: the provider stored the server's user (and set its state right after).
    await waitFor(() => expect(stores).toHaveBeenCalledWith(STORAGE_KEYS.user, JSON.stringify(STORED)));
    expect(renders).toBe(rendersBefore);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(STORED);
  });

  it('shows and stores the server’s user when it changed', async () => {
    serveMe({ ...STORED, name: 'ชื่อใหม่', role: 'manager' });
    renderApp();
    expect(await screen.findByText('ชื่อใหม่')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
      name: 'ชื่อใหม่',
      role: 'manager',
    });
  });
});

describe('AuthProvider starting without the server (issue 38: the till opens offline)', () => {
  it('keeps the user kept on the device signed in when /auth/me cannot be reached', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    expect(screen.getByText(STORED.name)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The failure handled (a macrotask later): still signed in, the device's user and token kept.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText(STORED.name)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('stored-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(STORED);
  });

  it('signs out and forgets the kept user when the server answers 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'หมดเวลา', code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    renderApp();
    expect(await screen.findByText('-')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});

describe('sameUser', () => {
  it('is true for equal fields only', () => {
    expect(sameUser(STORED, { ...STORED })).toBe(true);
    expect(sameUser(STORED, { ...STORED, last_login: null })).toBe(false);
    expect(sameUser(STORED, { ...STORED, must_change_password: true })).toBe(false);
  });
});
