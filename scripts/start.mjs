// @ts-check
// `npm start`: builds the web app and the server only when their sources changed since the last build,
// then runs the server in this process, so a second start serves its first page in about a second and the
// server's address is the last line printed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a build reads, relative to the repository: folders walked whole, and single files. */
export const BUILD_INPUTS = [
  'packages/core/src',
  'packages/core/package.json',
  'packages/web/src',
  'packages/web/public',
  'packages/web/build',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/web/tsconfig.json',
  'packages/server/src',
  'packages/server/package.json',
  'package-lock.json',
];

/** What a build writes, relative to the repository: both must exist for a build to count as done. */
export const BUILD_OUTPUTS = ['packages/web/dist/index.html', 'packages/server/dist/main.mjs'];

/** Where the fingerprint of the sources of the last successful build is kept. */
export const STAMP_FILE = 'packages/server/dist/.sources-sha256';

/**
 * Every file under `entry` (a file or a folder), sorted, test files and dependencies left out.
 * @param {string} root
 * @param {string} entry
 * @returns {string[]}
 */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name) && !d.parentPath.includes('node_modules'))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

/**
 * A SHA-256 over the names and contents of every build input under `root`.
 * @param {string} [root]
 */
export function sourcesFingerprint(root = ROOT) {
  const hash = createHash('sha256');
  for (const entry of BUILD_INPUTS) {
    for (const file of filesOf(root, entry)) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * Whether `npm start` must build first: an output is missing, or the sources differ from the last build's.
 * @param {string} [root]
 * @param {string} [fingerprint]
 */
export function needsBuild(root = ROOT, fingerprint = sourcesFingerprint(root)) {
  if (BUILD_OUTPUTS.some((file) => !fs.existsSync(path.join(root, file)))) return true;
  const stamp = path.join(root, STAMP_FILE);
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8').trim() !== fingerprint;
}

/**
 * Records that the outputs were built from sources with this fingerprint.
 * @param {string} root
 * @param {string} fingerprint
 */
export function writeStamp(root, fingerprint) {
  fs.writeFileSync(path.join(root, STAMP_FILE), `${fingerprint}\n`);
}

async function main() {
  const fingerprint = sourcesFingerprint();
  if (needsBuild(ROOT, fingerprint)) {
    console.log('Building the web app and the server (their sources changed since the last build)…');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeStamp(ROOT, fingerprint);
  }
  await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/main.mjs')).href);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
