// The page's first script: it starts loading the current screen's code and its API reads while the browser is still
// loading and evaluating the app (~1 MB of script, a few hundred ms on a slow till PC), instead of
// after the screen has mounted. Issue 10 item 6: a cold /pos must be usable within 1.5 s.
// Tiny on purpose (no React, no zod): index.html loads it before main.tsx.
import { POS_LOAD_PATHS } from './features/pos/pos-load';
import { startEarlyGet } from './lib/early-get';
import { STORAGE_KEYS } from './lib/storage-keys';

interface BootWork {
  /** The screen's code (the router's lazy import gets the same module). */
  code: () => Promise<unknown>;
  reads: readonly string[];
}

const BOOT: Readonly<Record<string, BootWork>> = {
  '/pos': { code: () => import('./features/pos/pos-screen'), reads: Object.values(POS_LOAD_PATHS) },
};

function startBootReads(): void {
  const work = BOOT[location.pathname];
  if (!work) return;
  let token: string | null;
  let user: string | null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.authToken)?.trim() ?? null;
    user = localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return;
  }
  // A token without a user is checked with /auth/me first; signed out, the app goes to /login.
  if (!token || !user) return;
  // The screen's files first: the server sends them before it works on the heavier reads, and the
  // browser has them when the app's router asks (a failure here is the router's to report).
  work.code().catch(() => undefined);
  for (const path of work.reads) startEarlyGet(path, token);
}

startBootReads();
