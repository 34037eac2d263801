import './boot';
// Zod's own messages in Thai, as on the server: core's schemas are imported one module at a time here (core's
// package.json: only this file has side effects), so the setting is imported, not left to core's index.
import '@pos/core/zod-locale';
import '@fontsource-variable/noto-sans-thai';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadDictionary, readStoredLocale } from './i18n';
import { registerServiceWorker } from './lib/service-worker';

// The installed till's offline start (issue 38); development serves the sources, with nothing to keep.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root element is missing from index.html');

// Thai comes with these modules; a stored English choice loads its dictionary first (if that fails, the
// app starts in Thai and the language button tries again).
void loadDictionary(readStoredLocale())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
