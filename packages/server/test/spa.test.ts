import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

describe('serving the built web app', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-spa-'));
  let built: BuiltApp;

  beforeAll(async () => {
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>POS</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"POS","start_url":"/pos"}');
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') }, { webDistDir: dist });
    ({ built } = await startServer(config, { listen: { port: 0, host: '127.0.0.1' } }));
  });
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes, uncached', async () => {
    for (const url of ['/', '/users', '/pos?stripe_session=success', '/some/deep/route']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>POS</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker uncached as JavaScript and the manifest as a web app manifest (issue 38)', async () => {
    const sw = await built.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toContain('addEventListener');
    // A cached worker would keep an old version of the till for up to a day after a release.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // Scripts of this origin may run, workers included (the CSP names no worker-src of its own).
    expect(sw.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(sw.headers['content-security-policy']).not.toMatch(/worker-src/);

    const manifest = await built.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ start_url: '/pos' });
  });

  it('keeps unknown /api paths as JSON 404s and refuses path traversal', async () => {
    const api = await built.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const traversal = await built.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
  });
});
