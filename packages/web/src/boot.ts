// An async module that starts loading the current screen's code as soon as it arrives, before the
// router asks for it (issue 10 item 6). The screen's API reads start earlier still, in boot-reads.ts.
// Tiny on purpose (no React, no zod): the build loads it ahead of main.tsx.
import './boot-reads';
import { earlyGetsStarted } from './lib/early-get';

/** The screen's code per path (the router's lazy import gets the same module). */
const BOOT_CODE: Readonly<Record<string, () => Promise<unknown>>> = {
  '/pos': () => import('./features/pos/pos-screen'),
};

function startBootCode(): void {
  const code = BOOT_CODE[location.pathname];
  // Only for a signed-in session, whose reads boot-reads.ts has started (here or in the classic script).
  if (!code || !earlyGetsStarted()) return;
  // The screen's files: the browser has them when the app's router asks (a failure here is the router's to report).
  code().catch(() => undefined);
}

startBootCode();
