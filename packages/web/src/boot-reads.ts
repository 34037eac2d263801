// The page's very first script: it starts the current screen's API reads while the browser is still
// parsing the page, before it fetches, compiles and evaluates the app's modules (issue 10 item 6: a
// cold /pos must be usable within 1.5 s). In a build it is a classic, parser-blocking script of a
// few hundred bytes (see vite.config.ts): a module script, even async, ran only after the browser had
// compiled the app's libraries, 250 ms later at 4× CPU slowdown. In development main.tsx imports it.
// No React, no zod: only the paths and the storage keys.
import { POS_LOAD_PATHS } from './features/pos/pos-load';
import { earlyGetsStarted, startEarlyGet } from './lib/early-get';
import { STORAGE_KEYS } from './lib/storage-keys';

/** The API reads to start per screen path. */
const BOOT_READS: Readonly<Record<string, readonly string[]>> = {
  '/pos': Object.values(POS_LOAD_PATHS),
};

/** The signed-in session's token, or null (signed out, or a token alone: checked with /auth/me first). */
function storedSession(): string | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.authToken)?.trim() ?? null;
    return token && localStorage.getItem(STORAGE_KEYS.user) ? token : null;
  } catch {
    return null;
  }
}

/** Starts the reads of the screen at `location`, once per page (the build runs this file twice). */
export function startBootReads(): boolean {
  const reads = BOOT_READS[location.pathname];
  const token = reads ? storedSession() : null;
  if (!reads || !token || earlyGetsStarted()) return false;
  for (const path of reads) startEarlyGet(path, token);
  return true;
}

startBootReads();
