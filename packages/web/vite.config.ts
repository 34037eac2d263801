import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

/**
 * src/boot.ts is its own tiny entry, loaded before the app's script: it starts the first screen's API
 * reads while the browser still loads and evaluates the app's libraries (issue 10 item 6).
 */
const BOOT_ENTRY = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

function bootScript(): Plugin {
  return {
    name: 'pos-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // In development there is no bundle: main.tsx imports boot.ts itself (a no-op order-wise).
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === BOOT_ENTRY);
        if (!boot) return [];
        // async: runs as soon as it arrives, without waiting for the style sheets as deferred scripts do.
        return [
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), bootScript()],
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
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
