import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { wasWaitingBeforeRegister?: boolean }) => void;

/** The Workbox the module made: its listeners, and what it was asked to do. */
const made = vi.hoisted(() => ({
  url: '',
  listeners: new Map<string, Listener[]>(),
  skipWaiting: 0,
  registered: 0,
  emit(type: string, event: { wasWaitingBeforeRegister?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      made.url = url;
    }
    addEventListener(type: string, listener: Listener) {
      made.listeners.set(type, [...(made.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting() {
      made.skipWaiting++;
    }
    register() {
      made.registered++;
      return Promise.resolve(undefined);
    }
    update() {
      return Promise.resolve();
    }
  },
}));

const { registerServiceWorker } = await import('./service-worker');

const reload = vi.fn();

beforeEach(() => {
  made.listeners.clear();
  made.skipWaiting = 0;
  made.registered = 0;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  vi.stubGlobal('location', { ...window.location, reload });
  reload.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers /sw.js once the loaded page is idle', async () => {
    registerServiceWorker();
    expect(made.url).toBe('/sw.js');
    expect(made.registered).toBe(0);
    await vi.waitFor(() => expect(made.registered).toBe(1));
  });

  it('takes a version that was already waiting at start, and reloads, while nobody has touched the page', () => {
    registerServiceWorker();
    made.emit('waiting', { wasWaitingBeforeRegister: true });
    expect(made.skipWaiting).toBe(1);
    made.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the new version waiting once someone has used the page (a sale may be under way)', () => {
    registerServiceWorker();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    made.emit('waiting', { wasWaitingBeforeRegister: true });
    expect(made.skipWaiting).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves a version installed while the app runs waiting for the next start', () => {
    registerServiceWorker();
    made.emit('waiting', { wasWaitingBeforeRegister: false });
    made.emit('controlling');
    expect(made.skipWaiting).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
