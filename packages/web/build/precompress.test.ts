import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress';

describe('precompressDir (the build writes .br and .gz copies the server sends as they are)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes both copies of each text file worth compressing, each decoding to the file', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-precompress-'));
    dirs.push(dist);
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `สินค้า ${i}`))};`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><html lang="th"><title>POS</title>${'<p>ร้าน</p>'.repeat(200)}</html>`,
      'assets/app-1.js': script,
      'assets/app-1.css': `.a{color:red}${'.b{margin:0}'.repeat(200)}`,
      // Too small to be worth a copy; a font is compressed already.
      'assets/tiny-2.js': 'export {};',
      'assets/font-3.woff2': Buffer.alloc(PRECOMPRESS_MIN_BYTES * 4, 7),
    };
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), content);

    const done = await precompressDir(dist);

    expect(done.map((f) => path.relative(dist, f))).toEqual(['assets/app-1.css', 'assets/app-1.js', 'index.html']);
    for (const name of ['index.html', 'assets/app-1.js', 'assets/app-1.css']) {
      const original = fs.readFileSync(path.join(dist, name));
      const br = fs.readFileSync(path.join(dist, `${name}.br`));
      const gz = fs.readFileSync(path.join(dist, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
    }
    for (const name of ['assets/tiny-2.js', 'assets/font-3.woff2']) {
      expect(fs.existsSync(path.join(dist, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(dist, `${name}.gz`)), name).toBe(false);
    }
  });
});
