import { FIRST_USE_ADMIN } from '@pos/core';

const BENCH_ADMIN_PASSWORD = 'bench-admin-pass-2569';

function signIn(base: string, password: string): Promise<Response> {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: FIRST_USE_ADMIN.username, password }),
  });
}

async function login(base: string, password: string): Promise<string> {
  const res = await signIn(base, password);
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A session of the freshly seeded admin. The server refuses everything but a
 * password change while the first-use password is unchanged, so change it first
 * (a database kept from an earlier run has it changed already).
 */
export async function firstAdminToken(base: string): Promise<string> {
  const again = await signIn(base, BENCH_ADMIN_PASSWORD);
  if (again.ok) return ((await again.json()) as { token: string }).token;
  const token = await login(base, FIRST_USE_ADMIN.password);
  const res = await fetch(`${base}/api/auth/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ currentPassword: FIRST_USE_ADMIN.password, newPassword: BENCH_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`first-use password change: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
