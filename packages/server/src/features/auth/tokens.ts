import { hash, randomBytes } from 'node:crypto';

/** An opaque session token: 256 random bits. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return hash('sha256', token);
}

/** A new refresh-token family: the sessions one sign-in leads to through refreshes share it. */
export function newSessionFamily(): string {
  return randomBytes(16).toString('hex');
}
