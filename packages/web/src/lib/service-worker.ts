import { Workbox } from 'workbox-window';
import { whenIdle } from './when-idle';

/** The service worker the build writes (vite.config.ts, installableApp). */
export const SERVICE_WORKER_URL = '/sw.js';

/** A till left open for days still fetches a new version, to take at its next start. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Registration waits for an idle moment after the load, at most this long. */
const REGISTER_IDLE_TIMEOUT_MS = 5000;

/**
 * Registers the service worker that keeps the app on the device, so the till starts without the network
 * (issue 38). A new version never replaces the app in use: it waits for the next start. When the app starts
 * on the old version while the new one already waits (a tab reloaded rather than closed keeps the old one in
 * charge), the new one is taken and the page reloaded at once, before anyone has touched it; once someone
 * has, it keeps waiting.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let touched = false;
  const markTouched = () => {
    touched = true;
  };
  window.addEventListener('pointerdown', markTouched, { capture: true, once: true });
  window.addEventListener('keydown', markTouched, { capture: true, once: true });

  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', (event) => {
    if (!event.wasWaitingBeforeRegister || touched) return;
    workbox.addEventListener('controlling', () => location.reload());
    workbox.messageSkipWaiting();
  });
  const register = () =>
    workbox
      .register({ immediate: true })
      .then(() => {
        // Offline the check fails: the next one tries again.
        setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      // No service worker (a private window, storage refused): the app works online as before.
      .catch(() => undefined);
  // The first install downloads the whole app (3.5 MB): only once the page has loaded and the first screen's
  // work is done, so it never competes with a cold till's first scan (issue 10 item 6).
  const start = () => void whenIdle(() => void register(), REGISTER_IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
