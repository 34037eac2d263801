import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

/** A GET through real HTTP with the given Accept-Encoding (none when null): status, headers and raw body. */
function get(base: string, url: string, acceptEncoding: string | null) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(
      `${base}${url}`,
      { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
  });
}

// Each copy holds different text, so a test can tell which file was sent (the server never compresses
// a script into the .br file's words).
const SCRIPT = `console.log(${JSON.stringify('from the script '.repeat(200))});`;
const SCRIPT_BR = `console.log(${JSON.stringify('from the .br copy '.repeat(200))});`;
const SCRIPT_GZ = `console.log(${JSON.stringify('from the .gz copy '.repeat(200))});`;
const PAGE = `<!doctype html><title>POS</title><p>${'the page '.repeat(200)}</p>`;
const PAGE_BR = `<!doctype html><title>POS</title><p>${'the .br page '.repeat(200)}</p>`;
/** Over the compression threshold, without copies (e.g. written after the build). */
const UNCOPIED = `body{color:red}${'.x{margin:0}'.repeat(200)}`;

describe('serving the built app pre-compressed (issue 10 item 6), through real HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-spa-br-'));
  let built: BuiltApp;
  let base: string;

  beforeAll(async () => {
    const dist = path.join(dir, 'dist');
    const assets = path.join(dist, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(PAGE_BR));
    fs.writeFileSync(path.join(assets, 'app-abc123.js'), SCRIPT);
    fs.writeFileSync(path.join(assets, 'app-abc123.js.br'), zlib.brotliCompressSync(SCRIPT_BR));
    fs.writeFileSync(path.join(assets, 'app-abc123.js.gz'), zlib.gzipSync(SCRIPT_GZ));
    fs.writeFileSync(path.join(assets, 'late-def456.css'), UNCOPIED);
    fs.writeFileSync(path.join(dist, 'sw.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(SCRIPT_BR));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') }, { webDistDir: dist });
    let url: string;
    ({ built, url } = await startServer(config, { listen: { port: 0, host: '127.0.0.1' } }));
    base = url;
  });
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the .br copy to a browser accepting brotli, with the script type, vary and long cache', async () => {
    const res = await get(base, '/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT_BR);
  });

  it('sends the service worker from its .br copy as an uncached script (issue 38)', async () => {
    const res = await get(base, '/sw.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // The browser checks /sw.js for a new version at each start: a cached copy would hide a release.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT_BR);
  });

  it('sends the .gz copy to a client accepting only gzip', async () => {
    const res = await get(base, '/assets/app-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT_GZ);
  });

  it('sends the file itself to a client accepting neither, still varying on Accept-Encoding', async () => {
    for (const accept of [null, 'identity', 'deflate']) {
      const res = await get(base, '/assets/app-abc123.js', accept);
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity', String(accept)).toBe('identity');
      expect(res.headers.vary, String(accept)).toMatch(/accept-encoding/i);
      expect(res.body.toString(), String(accept)).toBe(SCRIPT);
    }
  });

  it('still compresses a file without copies on the fly', async () => {
    const res = await get(base, '/assets/late-def456.css', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(UNCOPIED);
    const plain = await get(base, '/assets/late-def456.css', null);
    expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(plain.body.toString()).toBe(UNCOPIED);
  });

  it('sends the page for client routes from its copy too, never cached', async () => {
    for (const url of ['/', '/pos']) {
      const res = await get(base, url, 'br');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).toString(), url).toBe(PAGE_BR);
      const plain = await get(base, url, null);
      expect(plain.body.toString(), url).toBe(PAGE);
    }
  });
});
