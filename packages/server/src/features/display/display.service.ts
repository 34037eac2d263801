import { randomInt } from 'node:crypto';
import {
  bahtToSatang,
  DISPLAY_CODE_LENGTH,
  DISPLAY_CODE_TTL_MS,
  DisplayState,
  IDLE_DISPLAY,
  promptPayPayload,
  type DisplayCodeResponse,
  type DisplayView,
  type PairDisplayRequest,
  type PairDisplayResponse,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { hashToken, newToken } from '../auth/tokens';
import { readSettingsShared } from '../settings/settings.service';
import {
  findDisplaySession,
  findTillName,
  insertDisplaySession,
  insertPairing,
  readTillDisplay,
  revokeDisplaySessions,
  usePairing,
  writeTillDisplay,
} from './display.queries';

type DisplayDeps = Pick<Deps, 'db' | 'now'>;

export interface PairedDisplay {
  tillId: number;
  tillName: string;
}

/** A pairing code for the till's display: 6 digits, good for 10 minutes, used once. */
export async function createPairingCode(
  deps: DisplayDeps,
  user: SessionUser,
  tillId: number,
): Promise<DisplayCodeResponse> {
  if ((await findTillName(deps.db.kysely, tillId)) === null) throw notFound('TILL_NOT_FOUND');
  const code = String(randomInt(0, 10 ** DISPLAY_CODE_LENGTH)).padStart(DISPLAY_CODE_LENGTH, '0');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + DISPLAY_CODE_TTL_MS).toISOString();
  await insertPairing(deps.db.kysely, {
    till_id: tillId,
    code_hash: hashToken(code),
    expires_at: expiresAt,
    created_by: user.id,
    created_at: now.toISOString(),
  });
  return { code, expiresAt };
}

/**
 * Wrong codes from one address: a million codes, each good for minutes and once, and at most 10 wrong tries per
 * address in 10 minutes, so guessing one is hopeless.
 */
export class PairingThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 10 * 60_000,
  ) {}

  check(address: string, now: number): void {
    const entry = this.failures.get(address);
    if (entry && entry.until > now && entry.count >= this.limit) {
      throw new AppError({ status: 429, code: 'DISPLAY_PAIRING_THROTTLED' });
    }
  }

  failed(address: string, now: number): void {
    const entry = this.failures.get(address);
    if (!entry || entry.until <= now) this.failures.set(address, { count: 1, until: now + this.windowMs });
    else entry.count += 1;
  }
}

/** A display enters the till's code: it gets its own key for that till's screen. */
export async function pairDisplay(
  deps: DisplayDeps,
  throttle: PairingThrottle,
  input: z.output<typeof PairDisplayRequest>,
  address: string,
): Promise<PairDisplayResponse> {
  const now = deps.now();
  throttle.check(address, now.getTime());
  const db = deps.db.kysely;
  const paired = await db.transaction().execute(async (trx) => {
    const tillId = await usePairing(trx, hashToken(input.code), now.toISOString());
    if (tillId === null) return null;
    const token = newToken();
    await insertDisplaySession(trx, { till_id: tillId, token_hash: hashToken(token), created_at: now.toISOString() });
    return { token, tillId };
  });
  if (!paired) {
    throttle.failed(address, now.getTime());
    throw new AppError({ status: 400, code: 'DISPLAY_CODE_INVALID' });
  }
  return { token: paired.token, till: { id: paired.tillId, name: (await findTillName(db, paired.tillId)) ?? '' } };
}

/** The display a key belongs to, or 401 (never paired, or unpaired since). */
export async function pairedDisplay(deps: DisplayDeps, token: string | null): Promise<PairedDisplay> {
  const found = token ? await findDisplaySession(deps.db.kysely, hashToken(token)) : null;
  if (!found) throw new AppError({ status: 401, code: 'DISPLAY_NOT_PAIRED' });
  return found;
}

/** The till tells what its screen shows now; its displays follow. */
export async function updateTillDisplay(deps: DisplayDeps, tillId: number, state: DisplayState): Promise<number> {
  if ((await findTillName(deps.db.kysely, tillId)) === null) throw notFound('TILL_NOT_FOUND');
  return writeTillDisplay(deps.db.kysely, tillId, JSON.stringify(state), deps.now().toISOString());
}

export async function unpairDisplays(deps: DisplayDeps, tillId: number): Promise<number> {
  if ((await findTillName(deps.db.kysely, tillId)) === null) throw notFound('TILL_NOT_FOUND');
  return revokeDisplaySessions(deps.db.kysely, tillId, deps.now().toISOString());
}

export async function tillDisplayVersion(deps: DisplayDeps, tillId: number): Promise<number> {
  return (await readTillDisplay(deps.db.kysely, tillId))?.version ?? 0;
}

/** What a display shows: the shop's name and logo, its till, the till's state, and the PromptPay QR's payload. */
export async function displayView(deps: DisplayDeps, display: PairedDisplay): Promise<DisplayView> {
  const db = deps.db.kysely;
  const [settings, row] = await Promise.all([readSettingsShared(db), readTillDisplay(db, display.tillId)]);
  const parsed = row ? DisplayState.safeParse(JSON.parse(row.state)) : null;
  const state = parsed?.success ? parsed.data : IDLE_DISPLAY;
  const { payment: pay, system } = settings;
  const promptpay =
    state.payment?.method === 'promptpay' && pay.promptpayEnabled && pay.promptpayId !== '' && state.phase === 'payment'
      ? promptPayPayload(pay.promptpayId, bahtToSatang(state.payment.amount))
      : null;
  return {
    shop: { storeName: system.storeName, logoUrl: system.logo_url === '' ? null : system.logo_url },
    till: { id: display.tillId, name: display.tillName },
    state,
    promptpayPayload: promptpay,
    version: row?.version ?? 0,
  };
}
