import type { Till } from '@pos/core';
import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useTills } from './shifts.queries';

/** The till this browser sells at, as kept (issue 35: a browser picks its till once); null when none. */
export function readChosenTillId(): number | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.tillId);
    if (raw === null) return null;
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function saveChosenTillId(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(STORAGE_KEYS.tillId);
    else localStorage.setItem(STORAGE_KEYS.tillId, String(id));
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

export interface TillResolution {
  /** The chosen till while it is live; null otherwise. */
  till: Till | null;
  /** Live tills exist but this browser has none of them chosen: it should pick one. */
  needsChoice: boolean;
  /** The live tills offered. */
  live: Till[];
}

/**
 * The chosen till against the shop's tills: a till switched off or gone no longer counts as chosen; a
 * shop without live tills needs no choice (today's behaviour, nothing asked). Before the list is read
 * nothing is known, so nothing is asked either.
 */
export function resolveTill(tills: readonly Till[] | undefined, chosenId: number | null): TillResolution {
  const live = (tills ?? []).filter((t) => t.active);
  const till = live.find((t) => t.id === chosenId) ?? null;
  return { till, needsChoice: tills !== undefined && live.length > 0 && till === null, live };
}

/** The till choice of this browser: the shop's tills, the chosen one (kept in localStorage), and choosing. */
export function useTillChoice(enabled: boolean) {
  const tills = useTills(enabled);
  const [chosenId, setChosenId] = useState(readChosenTillId);
  const choose = useCallback((id: number) => {
    saveChosenTillId(id);
    setChosenId(id);
  }, []);
  const resolved = resolveTill(enabled ? tills.data : undefined, chosenId);
  // A till switched off (or gone) is chosen no more: refunds read the kept id without the list.
  const stale = tills.data !== undefined && chosenId !== null && resolved.till === null;
  useEffect(() => {
    if (stale) saveChosenTillId(null);
  }, [stale]);
  return { ...resolved, tillId: resolved.till?.id ?? null, tills, choose };
}

export type TillChoice = ReturnType<typeof useTillChoice>;
