import { FIRST_USE_ADMIN, type Role, type User } from '@pos/core';

/** Sets up data through the real API, as another till would. */
export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function createUser(
  baseUrl: string,
  user: { username: string; password: string; name: string; role: Role },
): Promise<User> {
  const token = await apiLogin(baseUrl, FIRST_USE_ADMIN.username, FIRST_USE_ADMIN.password);
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`create ${user.username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: User }).user;
}

export async function loginStatus(baseUrl: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

/** One call of the real API as a signed-in user; anything but 2xx fails the test with the server's answer. */
export async function api<T>(
  server: { url: string },
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // A sale needs its own key, as a till sends one per checkout.
      ...(method === 'POST' && path === '/sales' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
