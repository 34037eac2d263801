/**
 * The till's offline side for every signed-in screen (issue 38): whether the network is there, the outbox sent on
 * app start, on `online` and every ~15 s while anything waits, the offline periods recorded, and what the badge,
 * the sign-out and the shift close need to know.
 */
import { OfflinePeriodResponse, OfflineRefundResponse, type CreateSaleRequest, type StoreSettings } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context';
import { useT } from '../../i18n';
import { api } from '../../lib/api';
import {
  offlineDb,
  offlineDbsOnDevice,
  type OfflineDb,
  type OutboxRow,
  type RenumberedSale,
} from '../../lib/offline-db';
import { customerKeys } from '../customers/customers.queries';
import { productKeys } from '../products/products.queries';
import { saleKeys, salesApi } from '../pos/pos.queries';
import { fetchStoreSettings, settingsKeys } from '../settings/settings.queries';
import { shiftKeys } from '../shifts/shifts.queries';
import { apiSources, askPersistentStorage, refreshOfflineCache } from './offline-refresh';
import { newIdempotencyKey as newOfflineId } from '../pos/sale-payload';
import { sendOutbox, sendPeriods, SyncBackoff, retryFailed, type OutboxSenders, type SyncStop } from './outbox-sync';

/** How often the catalogue is read again while the till is online. */
const REFRESH_EVERY_MS = 5 * 60_000;
const REFRESH_AGAIN_AFTER_MS = 5_000;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of the network (Playwright's setOffline and a pulled cable both change it). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export interface OfflineStatus {
  online: boolean;
  /** The user's sales waiting to be sent (every till of theirs on this device). */
  waiting: number;
  failed: OutboxRow[];
  /** Sales of other users on this device, sent when they sign in. */
  otherUsersWaiting: number;
  renumbered: RenumberedSale[];
  /** The counts have been read from the device (until then they say 0 without knowing). */
  loaded: boolean;
  syncing: boolean;
  stopped: SyncStop | null;
}

interface OfflineContextValue {
  status: OfflineStatus;
  userId: number;
  tillId: number | null;
  /** The database of this user at the chosen till (null: no till chosen, nothing is sold offline). */
  db: OfflineDb | null;
  setTillId: (tillId: number | null) => void;
  syncNow: () => void;
  retry: (offlineId: string) => void;
  /** Reads the counts again (after a sale was made offline). */
  reload: () => void;
  /** Refreshes the cached catalogue now (the POS opening). */
  refresh: () => void;
  /** An offline sale is about to be made: the offline period under way (started now if none). */
  beginPeriod: () => Promise<void>;
}

const OfflineContext = createContext<OfflineContextValue | null>(null);

const senders: OutboxSenders = {
  sale: (body: CreateSaleRequest, idempotencyKey: string) => salesApi.create(body, idempotencyKey),
  // No Idempotency-Key: the refund's device-made id answers it, however late.
  refund: (saleId, body) => api.post(`/sales/${saleId}/refund`, body, { schema: OfflineRefundResponse }),
};
const sendPeriod = (body: Parameters<Parameters<typeof sendPeriods>[1]>[0]) =>
  api.post('/offline/periods', body, { schema: OfflinePeriodResponse });

async function userDbs(userId: number): Promise<OfflineDb[]> {
  const all = await offlineDbsOnDevice();
  return all.filter((d) => d.userId === userId).map((d) => offlineDb(d.userId, d.tillId));
}

export function OfflineProvider({
  userId,
  enabled,
  initialTillId,
  keepsSales,
  children,
}: {
  userId: number;
  /** The user may refund: the till's recent sales are kept too, to refund them offline. */
  keepsSales: boolean;
  /** The user sells at a till: only then is anything kept, sent or refreshed. */
  enabled: boolean;
  initialTillId: number | null;
  children: ReactNode;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const online = useOnline();
  const [tillId, setTillId] = useState(initialTillId);
  const db = useMemo(() => (enabled && tillId !== null ? offlineDb(userId, tillId) : null), [enabled, userId, tillId]);
  const [counts, setCounts] = useState<Omit<OfflineStatus, 'online' | 'syncing' | 'stopped'>>({
    waiting: 0,
    failed: [],
    otherUsersWaiting: 0,
    renumbered: [],
    loaded: false,
  });
  const [syncing, setSyncing] = useState(false);
  const [stopped, setStopped] = useState<SyncStop | null>(null);
  const backoff = useRef(new SyncBackoff());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const runRef = useRef<() => Promise<void>>(() => Promise.resolve());

  const reload = useCallback(async () => {
    if (!enabled) return;
    const all = await offlineDbsOnDevice();
    let waiting = 0;
    let otherUsersWaiting = 0;
    const failed: OutboxRow[] = [];
    const renumbered: RenumberedSale[] = [];
    for (const entry of all) {
      const each = offlineDb(entry.userId, entry.tillId);
      const rows = await each.outbox.toArray();
      if (entry.userId === userId) {
        waiting += rows.filter((r) => r.status === 'pending' && r.userId === userId).length;
        failed.push(...rows.filter((r) => r.status === 'failed' && r.userId === userId));
        renumbered.push(...(await each.renumbered.toArray()));
      } else if (tillId === null || entry.tillId === tillId) {
        otherUsersWaiting += rows.filter((r) => r.status === 'pending').length;
      }
    }
    setCounts({ waiting, failed, otherUsersWaiting, renumbered, loaded: true });
  }, [enabled, userId, tillId]);

  // One refresh at a time, and none again within a few seconds (the POS opening and the till being chosen at once).
  const refreshing = useRef<{ key: string; at: number; run: Promise<void> } | null>(null);
  const refresh = useCallback(
    async (force = false) => {
      if (!db || tillId === null || !navigator.onLine) return;
      const key = db.name;
      const last = refreshing.current;
      if (last && last.key === key && Date.now() - last.at < REFRESH_AGAIN_AFTER_MS) {
        // After a sync the copy is read again whatever: a read under way may predate the sales just sent.
        if (!force) return last.run;
        await last.run;
      }
      const settings = () =>
        queryClient.fetchQuery<StoreSettings>({
          queryKey: settingsKeys.store,
          queryFn: ({ signal }) => fetchStoreSettings(signal),
          staleTime: 60_000,
        });
      const run = refreshOfflineCache(db, tillId, apiSources(settings, keepsSales)).catch(() => {
        // The network dropped mid-way or the server is busy: the last copy stays, the next refresh tries again.
      });
      refreshing.current = { key, at: Date.now(), run };
      return run;
    },
    [db, tillId, queryClient, keepsSales],
  );
  const refreshNow = useCallback(() => void refresh(), [refresh]);

  const schedule = useCallback((delay: number | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = delay === null ? null : setTimeout(() => void runRef.current(), delay);
  }, []);

  const run = useCallback(async () => {
    if (!enabled) return;
    setSyncing(true);
    let sent = 0;
    let failed = 0;
    let stop: SyncStop | null = null;
    try {
      for (const each of await userDbs(userId)) {
        const outcome = await sendOutbox(each, userId, senders);
        sent += outcome.sent;
        failed += outcome.failed;
        stop = outcome.stopped;
        if (stop) break;
        // A period is over once the server hears from the till again.
        if (navigator.onLine) await closePeriods(each);
        await sendPeriods(each, sendPeriod);
      }
    } finally {
      setSyncing(false);
    }
    setStopped(stop);
    if (sent > 0) {
      toast.dismiss('offline-sign-out-blocked');
      toast.dismiss('offline-close-shift-blocked');
      toast.success(t('offline.synced', { count: sent }));
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
      void refresh(true);
    }
    if (failed > 0) toast.error(t('offline.syncFailed', { count: failed }));
    await reload();
    const waiting = (await Promise.all((await userDbs(userId)).map((d) => countPending(d, userId)))).reduce(
      (a, b) => a + b,
      0,
    );
    schedule(backoff.current.next({ sent, failed, stopped: stop }, waiting));
  }, [enabled, userId, t, queryClient, refresh, reload, schedule]);
  runRef.current = run;

  // On app start, and whenever the network comes back: send at once.
  useEffect(() => {
    if (!enabled) return;
    if (online) {
      backoff.current.reset();
      void run();
    } else {
      schedule(null);
      // Started (or gone) offline: the counts are read from the device all the same.
      void reload();
      if (db) void startPeriod(db, tillId);
    }
  }, [enabled, online, run, reload, schedule, db, tillId]);

  useEffect(() => () => schedule(null), [schedule]);

  // The catalogue kept fresh while online; storage kept for good (asked once).
  useEffect(() => {
    if (!db || !online) return;
    void askPersistentStorage(db);
    void refresh();
    const every = setInterval(() => void refresh(true), REFRESH_EVERY_MS);
    return () => clearInterval(every);
  }, [db, online, refresh]);

  const value = useMemo<OfflineContextValue>(
    () => ({
      status: { online, syncing, stopped, ...counts },
      userId,
      tillId,
      db,
      setTillId,
      syncNow: () => {
        backoff.current.reset();
        void run();
      },
      retry: (offlineId) => {
        void (async () => {
          for (const each of await userDbs(userId)) await retryFailed(each, offlineId);
          await run();
        })();
      },
      reload: () => void reload(),
      refresh: refreshNow,
      beginPeriod: async () => {
        if (db) await startPeriod(db, tillId);
      },
    }),
    [online, syncing, stopped, counts, userId, tillId, db, run, reload, refreshNow],
  );

  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>;
}

async function countPending(db: OfflineDb, userId: number): Promise<number> {
  return db.outbox.filter((r) => r.status === 'pending' && r.userId === userId).count();
}

/** Going offline is recorded once per stretch: a period with its start, ended when the server is reached again. */
async function startPeriod(db: OfflineDb, tillId: number | null): Promise<void> {
  await db.transaction('rw', db.periods, async () => {
    const open = await db.periods.filter((p) => p.endedAt === null).first();
    if (open) return;
    await db.periods.add({
      periodId: newOfflineId(),
      tillId,
      startedAt: new Date().toISOString(),
      endedAt: null,
      salesMade: 0,
      sent: false,
    });
  });
}

async function closePeriods(db: OfflineDb): Promise<void> {
  const endedAt = new Date().toISOString();
  await db.periods.filter((p) => p.endedAt === null).modify({ endedAt, sent: false });
}

export function useOffline(): OfflineContextValue | null {
  return useContext(OfflineContext);
}

/** At the POS: this browser's till is `tillId` (its numbers and catalogue), refreshed as the POS opens. */
export function useOfflineTill(tillId: number | null): OfflineContextValue | null {
  const context = useOffline();
  const setTillId = context?.setTillId;
  useEffect(() => setTillId?.(tillId), [setTillId, tillId]);
  const refresh = context?.refresh;
  useEffect(() => refresh?.(), [refresh]);
  return context;
}

/**
 * Whether an action that ends the till's day (signing out, closing the shift) must wait: a Thai message
 * saying how many sales are not sent yet and why, or null.
 */
export function useWaitingGuard(): (action: 'signOut' | 'closeShift') => string | null {
  const t = useT();
  const context = useOffline();
  const waiting = (context?.status.waiting ?? 0) + (context?.status.failed.length ?? 0);
  return useCallback(
    (action) => {
      if (waiting === 0) return null;
      return t(action === 'signOut' ? 'offline.blocked.signOut' : 'offline.blocked.closeShift', { count: waiting });
    },
    [t, waiting],
  );
}

/** Signing out, refused with the reason while this user's sales made offline are not yet sent. */
export function useGuardedSignOut(): () => void {
  const { signOut } = useAuth();
  const guard = useWaitingGuard();
  return useCallback(() => {
    // Sales made offline and not yet sent would wait unseen for this user's next sign-in (issue 38).
    const blocked = guard('signOut');
    if (blocked) toast.error(blocked, { id: 'offline-sign-out-blocked', duration: 10_000 });
    else void signOut();
  }, [guard, signOut]);
}
