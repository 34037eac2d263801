// The page's first script: it starts the current screen's API reads while the browser is still
// loading and evaluating the app (~1 MB of script, a few hundred ms on a slow till PC), instead of
// after the screen has mounted. Issue 10 item 6: a cold /pos must be usable within 1.5 s.
// Tiny on purpose (no React, no zod): index.html loads it before main.tsx.
import { POS_LOAD_PATHS } from './features/pos/pos-load';
import { startEarlyGet } from './lib/early-get';
import { STORAGE_KEYS } from './lib/storage-keys';

const BOOT_READS: Readonly<Record<string, readonly string[]>> = {
  '/pos': Object.values(POS_LOAD_PATHS),
};

function startBootReads(): void {
  const paths = BOOT_READS[location.pathname];
  if (!paths) return;
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
  for (const path of paths) startEarlyGet(path, token);
}

startBootReads();
