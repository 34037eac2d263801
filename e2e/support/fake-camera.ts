import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { FULL_CHROMIUM, launchBrowser } from './browser';

const require = createRequire(import.meta.url);

/** The fake camera's picture size (Chromium plays the file as the camera, in a loop). */
const WIDTH = 640;
const HEIGHT = 480;

/**
 * A one-frame Y4M video of a printed barcode label, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`). The barcode is drawn by JsBarcode, the library the app
 * prints labels with, on a canvas in `browser`; its grey levels become the Y plane (full range,
 * C420jpeg) and the colour planes stay neutral.
 */
export async function barcodeCameraFile(browser: Browser, code: string, format: 'EAN13' | 'CODE128'): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: require.resolve('jsbarcode/dist/JsBarcode.all.min.js') });
    const luma = await page.evaluate(
      ({ code, format, width, height }) => {
        const bars = document.createElement('canvas');
        (window as unknown as { JsBarcode: (c: HTMLCanvasElement, v: string, o: object) => void }).JsBarcode(
          bars,
          code,
          { format, width: 3, height: 160, margin: 16, fontSize: 22 },
        );
        const frame = document.createElement('canvas');
        frame.width = width;
        frame.height = height;
        const ctx = frame.getContext('2d');
        if (!ctx) throw new Error('no 2d canvas');
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, width, height);
        const scale = Math.min((width * 0.9) / bars.width, (height * 0.8) / bars.height);
        const w = Math.round(bars.width * scale);
        const h = Math.round(bars.height * scale);
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(bars, Math.round((width - w) / 2), Math.round((height - h) / 2), w, h);
        const { data } = ctx.getImageData(0, 0, width, height);
        const y: number[] = [];
        for (let i = 0; i < data.length; i += 4) {
          y.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
        }
        return y;
      },
      { code, format, width: WIDTH, height: HEIGHT },
    );
    const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
    const frame = Buffer.concat([
      Buffer.from('FRAME\n'),
      Buffer.from(luma),
      Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pos-camera-')), `${code}.y4m`);
    fs.writeFileSync(file, Buffer.concat([header, frame]));
    return file;
  } finally {
    await page.close();
  }
}

/**
 * A browser whose camera plays `file` (the permission is granted per context). The whole chromium: the
 * headless shell the other tests use has no camera at all.
 */
export function launchBrowserWithCamera(file: string): Promise<Browser> {
  return launchBrowser(
    ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    FULL_CHROMIUM,
  );
}
