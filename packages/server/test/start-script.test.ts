import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, needsBuild, sourcesFingerprint, writeStamp } from '../../../scripts/start.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A repository-shaped folder: a few sources of each package, optionally with built outputs. */
function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-start-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('packages/core/src/money.ts', 'export const a = 1;');
  write('packages/web/src/app.tsx', 'export const b = 2;');
  write('packages/web/src/app.test.tsx', 'test');
  write('packages/server/src/main.ts', 'export const c = 3;');
  write('package-lock.json', '{}');
  for (const output of BUILD_OUTPUTS) write(output, 'built');
  return root;
}

describe('npm start builds only when the sources changed (scripts/start.mjs)', () => {
  it('builds when nothing was built yet, or an output is missing', () => {
    const root = tree();
    expect(needsBuild(root)).toBe(true);
    writeStamp(root, sourcesFingerprint(root));
    expect(needsBuild(root)).toBe(false);
    fs.rmSync(path.join(root, BUILD_OUTPUTS[0]!));
    expect(needsBuild(root)).toBe(true);
  });

  it('builds again after a source, a new file or the lock file changed; not for a test file', () => {
    const root = tree();
    writeStamp(root, sourcesFingerprint(root));
    fs.writeFileSync(path.join(root, 'packages/web/src/app.test.tsx'), 'another test');
    expect(needsBuild(root)).toBe(false);
    for (const [file, text] of [
      ['packages/core/src/money.ts', 'export const a = 2;'],
      ['packages/server/src/new-route.ts', 'export {};'],
      ['package-lock.json', '{"x":1}'],
    ] as const) {
      fs.writeFileSync(path.join(root, file), text);
      expect(needsBuild(root), file).toBe(true);
      writeStamp(root, sourcesFingerprint(root));
      expect(needsBuild(root), file).toBe(false);
    }
  });
});
