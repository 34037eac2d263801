import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listeningLine, terminalLogStream } from '../src/log-output';

describe('log output', () => {
  it('writes JSON lines when stdout is not a terminal', () => {
    expect(terminalLogStream(Object.assign(new Writable(), { isTTY: false }))).toBeUndefined();
  });

  it('writes readable lines at a terminal', async () => {
    let out = '';
    const stdout = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out += chunk.toString();
          done();
        },
      }),
      { isTTY: true },
    );
    const stream = terminalLogStream(stdout);
    expect(stream).toBeDefined();
    stream?.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'till', msg: 'database: sqlite' })}\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(out).toContain('database: sqlite');
    expect(out).toContain('INFO');
    expect(out).not.toContain('"msg"');
  });

  it('names localhost and the shop-network addresses in one line', () => {
    const line = listeningLine('0.0.0.0', 3000, {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null },
        { address: 'fe80::1', family: 'IPv6', internal: false, netmask: '', mac: '', cidr: null, scopeid: 1 },
      ],
    });
    expect(line).toBe(
      'Thai Shop POS is ready at http://localhost:3000 (this computer), other devices on the network: http://192.168.1.20:3000',
    );
    expect(line).not.toContain('\n');
    expect(listeningLine('127.0.0.1', 8080)).toBe('Thai Shop POS is ready at http://127.0.0.1:8080');
  });
});
