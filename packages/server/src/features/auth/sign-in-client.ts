import { LOGIN_THROTTLE } from '@pos/core';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, newToken } from './tokens';

/**
 * The browser's device cookie: a random id set at each successful sign-in, which makes that browser
 * a known device of the user for the sign-in throttle. HttpOnly (scripts never see it), sent only
 * to the API and only by the app's own pages (SameSite=Strict); it signs nobody in by itself.
 */
export const DEVICE_COOKIE = 'pos_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const DAY_SECONDS = 24 * 60 * 60;

/** Who is typing a password: the client address and the device cookie, when the browser sent a well-formed one. */
export interface SignInClient {
  address: string;
  device: string | null;
}

export function signInClient(req: FastifyRequest): SignInClient {
  const header = req.headers.cookie;
  const device = header ? parseCookie(header)[DEVICE_COOKIE] : undefined;
  return { address: req.ip, device: device !== undefined && DEVICE_ID.test(device) ? device : null };
}

/** The throttle's name of a device (the cookie itself is never stored). */
export function deviceKey(deviceId: string): string {
  return `device:${hashToken(deviceId)}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}

/** The device id to keep after a successful sign-in: the browser's own, or a new one. */
export function deviceIdFor(client: SignInClient): string {
  return client.device ?? newToken();
}

export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  reply.header(
    'set-cookie',
    serializeCookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api',
      maxAge: LOGIN_THROTTLE.knownDeviceDays * DAY_SECONDS,
      secure: req.protocol?.toLowerCase() === 'https',
    }),
  );
}
