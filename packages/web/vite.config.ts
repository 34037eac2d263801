import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './build/precompress';

const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

/**
 * Two tiny scripts run before the app's (issue 10 item 6): src/boot-reads.ts, a classic script that
 * starts the first screen's API reads while the page is still being parsed, and src/boot.ts, an async
 * module entry that starts loading the screen's code. A module script, even async, runs only once the
 * browser has compiled the app's libraries, so the reads are bundled separately as a classic script.
 */
const BOOT_ENTRY = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
const BOOT_READS_ENTRY = fileURLToPath(new URL('./src/boot-reads.ts', import.meta.url));

/** boot-reads.ts and what it imports as one classic script (an IIFE), with a content-hashed name. */
async function bundleBootReads(): Promise<{ fileName: string; code: string }> {
  const bundle = await rolldown({ input: BOOT_READS_ENTRY, platform: 'browser' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const code = output[0].code;
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
    return { fileName: `assets/boot-reads-${hash}.js`, code };
  } finally {
    await bundle.close();
  }
}

function bootScript(): Plugin {
  let bootReads: { fileName: string; code: string } | null = null;
  return {
    name: 'pos-boot-script',
    apply: 'build',
    async buildStart() {
      bootReads = await bundleBootReads();
      this.emitFile({ type: 'asset', fileName: bootReads.fileName, source: bootReads.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // In development there is no bundle: main.tsx imports boot.ts itself (a no-op order-wise).
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === BOOT_ENTRY);
        if (!boot || !bootReads) return [];
        return [
          // Classic and parser-blocking on purpose: it runs the moment it arrives, a few hundred bytes.
          { tag: 'script', attrs: { src: `/${bootReads.fileName}` }, injectTo: 'head-prepend' },
          // async: runs as soon as it arrives, without waiting for the style sheets as deferred scripts do.
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** The font files every screen draws its first text with: Noto Sans Thai's Thai and Latin subsets. */
const FIRST_FONTS = /^assets\/noto-sans-thai-(thai|latin)-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the first fonts (issue 10 item 6): found through the style sheet, they were asked only at the first
 * layout and arrived after it, so the whole page was laid out again with them (17-24 ms at 4× CPU slowdown).
 */
function preloadFirstFonts(): Plugin {
  return {
    name: 'pos-preload-first-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.keys(ctx.bundle ?? {})
          .filter((fileName) => FIRST_FONTS.test(fileName))
          .sort()
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** Writes .br and .gz copies of the built files once the build is written (see build/precompress.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After every other plugin's files (the service worker is written in its plugin's closeBundle): hooks of this
    // kind otherwise run side by side, and a file half-written by another could be compressed as it stood.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

/** Paths the service worker never answers a page load with the app for: the server's own. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/uploads(\/|$)/];

/**
 * The till as an installable app that starts without the network (issue 38): the web app manifest and a
 * service worker at /sw.js (Workbox's generateSW) that keeps the built app shell, the first screen's fonts and
 * the icons, and answers any app page with index.html. It never stores the API, the uploaded images or the
 * display's event stream (under /api): those always go to the network, as before. A new version waits until
 * the app is next started (src/lib/service-worker.ts), never replacing the page in the middle of a sale.
 * The icons are drawn from public/favicon.svg by scripts/pwa-icons.mjs.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    // Registered by the app itself (src/lib/service-worker.ts, production builds only).
    injectRegister: false,
    registerType: 'prompt',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    // The glob below takes public/ (icons included) with the build.
    includeManifestIcons: false,
    manifest: {
      id: '/pos',
      name: 'ระบบขายหน้าร้าน (POS)',
      short_name: 'ขายหน้าร้าน',
      description: 'ขายสินค้าหน้าร้าน ใช้งานได้แม้อินเทอร์เน็ตหลุด',
      lang: 'th',
      dir: 'ltr',
      start_url: '/pos',
      scope: '/',
      display: 'standalone',
      // The app's blue (index.html's theme-color, the icon's square) and its white page.
      theme_color: '#2563eb',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The built shell: pages, scripts (the boot-reads classic script too), styles, Noto Sans Thai's subsets
      // (Thai, Latin, Latin Extended: 75 kB), icons, the barcode reader's WebAssembly, and the receipt printer's
      // Laksaman (.ttf, 225 kB: the till draws its receipts with it when it prints offline, issue 38). Never the
      // .br/.gz copies: the browser asks for the file, the server picks the copy, and the worker keeps the
      // decoded answer.
      globPatterns: ['**/*.{html,js,css,woff2,ttf,svg,png,wasm,webmanifest}'],
      // The camera scan's reader is large (~1 MB); precached so scanning works offline too.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      // No runtime caching at all: everything not precached (the API, /uploads, event streams) is the network's.
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once (so the till works offline from its first visit); an
      // update waits for the next start (skipWaiting off).
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), bootScript(), preloadFirstFonts(), installableApp(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: BOOT_ENTRY },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // Only the payment, receipt and label screens draw codes: kept out of the first load.
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs|pngjs|encode-utf8)[\\/]/, priority: 4 },
            { name: 'jsbarcode', test: /node_modules[\\/]jsbarcode[\\/]/, priority: 4 },
            // The receipt printer's encoder loads only when a till prints offline on its own printer (issue 38).
            { name: 'receipt-encoder', test: /node_modules[\\/]@point-of-sale[\\/]/, priority: 4 },
            // The camera scan's WebAssembly reader loads when the camera is first opened.
            { name: 'barcode-reader', test: /node_modules[\\/](barcode-detector|zxing-wasm)[\\/]/, priority: 4 },
            // recharts and its own libraries stay out: they load with the dashboard's chart only (a group
            // would also pull in what they import, React included, and so into the first load).
            {
              name: 'vendor',
              test: /node_modules[\\/](?!(recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
