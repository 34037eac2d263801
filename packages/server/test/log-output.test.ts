import { describe, expect, it } from 'vitest';
import { listeningLine, serverOutput } from '../src/log-output';

/** A stdout that keeps what is written to it. */
function fakeStdout(isTTY: boolean) {
  const written: string[] = [];
  return { written, stdout: { isTTY, write: (text: string) => written.push(text) } };
}

const logLine = (msg: string) => `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'till', msg })}\n`;

describe('log output', () => {
  it('writes JSON lines, then the plain line, in order, when stdout is not a terminal', async () => {
    const { written, stdout } = fakeStdout(false);
    const output = await serverOutput(stdout);
    const line = logLine('database: sqlite');
    output.logStream.write(line);
    output.writeLine('Thai Shop POS is ready at http://127.0.0.1:3000');
    expect(written).toEqual([line, 'Thai Shop POS is ready at http://127.0.0.1:3000\n']);
  });

  it('writes readable lines at a terminal, each before whatever is written after it', async () => {
    const { written, stdout } = fakeStdout(true);
    const output = await serverOutput(stdout);
    output.logStream.write(logLine('database: sqlite'));
    output.writeLine('Thai Shop POS is ready at http://127.0.0.1:3000');
    expect(written).toHaveLength(2);
    expect(written[0]).toContain('database: sqlite');
    expect(written[0]).toContain('INFO');
    expect(written[0]).not.toContain('"msg"');
    expect(written[1]).toBe('Thai Shop POS is ready at http://127.0.0.1:3000\n');
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
