import { DEFAULT_STORE_NAME, HEAD_OFFICE_BRANCH, StoreSettingsResponse, type StoreSettings } from '@pos/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export const settingsKeys = {
  all: ['settings'] as const,
  store: ['settings', 'store'] as const,
};

/** Window events that mean the settings changed; both spellings are in use. */
export const SETTINGS_UPDATED_EVENTS = ['settings_updated', 'settings-updated'] as const;

const StoreSettingsShape = StoreSettingsResponse.shape.settings;

/**
 * Fills in what an older kept copy lacks, as the till behaved then (core's schema requires the fields of the
 * server's answers): a copy kept before the server said whether it has its Stripe key reads as one that has it;
 * one kept before full tax invoices (issue 36) has no seller branch (the head office) and no e-Tax (off).
 */
function withOlderCopiesFilledIn(copy: unknown): unknown {
  if (typeof copy !== 'object' || copy === null) return copy;
  let filled: Record<string, unknown> = { ...copy };
  const { payment, system } = filled;
  if (typeof payment === 'object' && payment !== null && !('stripeSecretConfigured' in payment)) {
    filled = { ...filled, payment: { ...payment, stripeSecretConfigured: true } };
  }
  if (typeof system === 'object' && system !== null && !('branch' in system)) {
    filled = { ...filled, system: { ...system, branch: HEAD_OFFICE_BRANCH } };
  }
  if ('system' in filled && !('etax' in filled)) filled = { ...filled, etax: { enabled: false } };
  if ('system' in filled && !('printing' in filled)) filled = { ...filled, printing: { printers: [], tills: {} } };
  return filled;
}

/**
 * The store settings as last read (spec 000 §3: cached locally). A copy of the
 * whole settings kept by an older version reads as its store part.
 */
export function readCachedSettings(): StoreSettings | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.settings);
    if (!raw) return undefined;
    const parsed = StoreSettingsShape.safeParse(withOlderCopiesFilledIn(JSON.parse(raw)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function cacheSettings(settings: StoreSettings): void {
  try {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
  } catch {
    // The copy is a convenience only.
  }
}

export async function fetchStoreSettings(signal?: AbortSignal): Promise<StoreSettings> {
  const { settings } = await api.get('/settings/store', { schema: StoreSettingsResponse, signal });
  cacheSettings(settings);
  return settings;
}

/** How old a read of the settings may be and still count as "read when the screen opened". */
export const SETTINGS_JUST_READ_MS = 3000;

/**
 * Whether the settings are being read or were read a moment ago (`now` in ms since the epoch), so a
 * screen that re-reads them when it opens need not ask again: on a cold load the page's boot script
 * has just read them.
 */
export function settingsReadJustNow(
  state: { fetchStatus: string; dataUpdatedAt: number } | undefined,
  now: number = Date.now(),
): boolean {
  if (!state) return false;
  return (
    state.fetchStatus === 'fetching' || (state.dataUpdatedAt > 0 && now - state.dataUpdatedAt < SETTINGS_JUST_READ_MS)
  );
}

/** The store's name, logo, tax and payment options: readable by every signed-in role. */
export function useStoreSettings() {
  return useQuery<StoreSettings, Error, StoreSettings, typeof settingsKeys.store>({
    queryKey: settingsKeys.store,
    queryFn: ({ signal }) => fetchStoreSettings(signal),
    placeholderData: (previous) => previous ?? readCachedSettings(),
    staleTime: 5 * 60_000,
  });
}

/**
 * The settings to work with when the server cannot be asked: the query's data,
 * else (after a failed load) the last copy kept in local storage. `stale` says
 * the settings could not be read just now, so the screen can say so.
 */
export function lastKnownSettings(
  query: { data: StoreSettings | undefined; isError: boolean },
  readCache: () => StoreSettings | undefined = readCachedSettings,
): { settings: StoreSettings | undefined; stale: boolean } {
  if (!query.isError) return { settings: query.data, stale: false };
  const settings = query.data ?? readCache();
  return { settings, stale: settings !== undefined };
}

/** Store name and logo for the app chrome, with the product's defaults. */
export function storeIdentity(settings: StoreSettings | undefined): { name: string; logoUrl: string | null } {
  const name = settings?.system.storeName.trim() || DEFAULT_STORE_NAME;
  const logo = settings?.system.logo_url.trim() || settings?.system.logo.trim() || '';
  return { name, logoUrl: logo === '' ? null : logo };
}

/** Reloads the settings whenever a settings-updated event fires (spec 000 §2). */
export function useSettingsUpdatedListener(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    for (const name of SETTINGS_UPDATED_EVENTS) window.addEventListener(name, reload);
    return () => {
      for (const name of SETTINGS_UPDATED_EVENTS) window.removeEventListener(name, reload);
    };
  }, [queryClient]);
}
