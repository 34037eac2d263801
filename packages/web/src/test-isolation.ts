import { vi } from 'vitest';

// The web project runs its files in shared workers (`isolate: false`): a fresh jsdom and module graph
// per file cost most of the project's time. Each file still starts from clean app modules (their
// module-level caches), storage and document; libraries (React, jsdom, Testing Library) stay loaded.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.documentElement.removeAttribute('lang');
window.history.replaceState(null, '', '/');

// Tests render in either language at once, as the app does once main.tsx has loaded the stored one.
await (await import('./i18n/translate')).loadDictionary('en');
