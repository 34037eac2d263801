import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_USE_ADMIN } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

describe('request logs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-logs-'));
  const lines: string[] = [];
  let built: BuiltApp;

  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'debug', DATA_DIR: dir });
    ({ built } = await startServer(config, {
      logStream: { write: (line) => void lines.push(line) },
      listen: { port: 0, host: '127.0.0.1' },
    }));
  });
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carry a request id and never a password or a token', async () => {
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-request-id': 'till-1-req-42' },
      payload: FIRST_USE_ADMIN,
    });
    const { token } = login.json<{ token: string }>();
    await built.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await built.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: 'wrong-guess-123', newPassword: 'another-secret-456' },
    });

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(text).toContain('till-1-req-42');
    for (const secret of [FIRST_USE_ADMIN.password, token, 'wrong-guess-123', 'another-secret-456']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('request log lines', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-access-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function linesAt(level: string): Promise<{ msg: string; status?: number; url?: string }[]> {
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: level, DATA_DIR: path.join(dir, level) });
    const { built } = await startServer(config, {
      logStream: { write: (line) => void lines.push(line) },
      listen: { port: 0, host: '127.0.0.1' },
    });
    try {
      lines.length = 0; // start-up lines are not the point
      await built.app.inject({ method: 'GET', url: '/api/health' });
      await built.app.inject({ method: 'GET', url: '/api/auth/me' });
    } finally {
      await built.app.close();
    }
    return lines
      .map((line) => JSON.parse(line) as { msg: string; status?: number; url?: string })
      .filter((entry) => entry.msg !== 'Server listening' && !entry.msg.startsWith('server '));
  }

  it('at the default level, writes failed requests only, one line each', async () => {
    const entries = (await linesAt('info')).filter((e) => e.url !== undefined);
    expect(entries).toEqual([expect.objectContaining({ msg: 'request completed', url: '/api/auth/me', status: 401 })]);
  });

  it('at debug, writes one line per request', async () => {
    const entries = (await linesAt('debug')).filter((e) => e.url !== undefined);
    expect(entries.map((e) => [e.url, e.status])).toEqual([
      ['/api/health', 200],
      ['/api/auth/me', 401],
    ]);
  });
});
