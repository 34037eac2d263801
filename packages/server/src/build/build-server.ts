import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SOURCE = path.resolve(here, '../main.ts');
/** Where `npm start` runs the server from: the same depth as `src/`, so `../../web/dist` still finds the SPA. */
export const SERVER_BUNDLE = path.resolve(here, '../../dist/main.mjs');

/**
 * Packages left as imports of their own: those that load native code, and those the server imports only
 * when first used (a start never reads them).
 */
export const UNBUNDLED_PACKAGES = new Set([
  // native code
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  'pg-native', // pg's optional native client, not installed
  // imported when first used
  '@line/bot-sdk',
  'stripe',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  'file-type',
  'cloudinary',
  'pino-pretty',
  'pdfkit', // reads its data files (colour profile) beside its own code
]);

/** `@scope/name` or `name` of a bare import (`fastify`, `zod/v4/core`, `@fastify/static`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * A bundled CommonJS file that finds files next to its own (`__dirname`: @fastify/swagger-ui's page and
 * scripts, @fastify/swagger's package.json) gets the folder it has in node_modules, found from where the
 * bundle is when it runs, as the modules left unbundled are.
 */
function ownFolders(outfile: string): Plugin {
  return {
    name: 'own-folders',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, async (args) => {
        const text = await fs.readFile(args.path, 'utf8');
        if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
        const fromBundle = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
        return {
          contents: `var __filename = __posFileOf(${JSON.stringify(fromBundle)}), __dirname = __posDirname(__filename);\n${text}`,
          loader: 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/** The folder of the package a file in node_modules belongs to. */
function packageFolderOf(file: string): string | null {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
  return match ? match[1]! : null;
}

/**
 * npm installs one version of a package in several folders when it cannot hoist it (ajv 8 three times,
 * under @fastify/ajv-compiler, fast-json-stringify and ajv-formats, the root's ajv being eslint's 6):
 * bundled, each copy would be compiled and run. Every file of a package version is taken from the first
 * folder of that version found (npm installs the same files for a version wherever it puts them).
 */
function oneCopyPerVersion(): Plugin {
  return {
    name: 'one-copy-per-version',
    setup(builder) {
      const folderOf = new Map<string, string>();
      const versionOf = new Map<string, string>();
      const version = async (folder: string) => {
        let found = versionOf.get(folder);
        if (found === undefined) {
          const manifest = JSON.parse(await fs.readFile(path.join(folder, 'package.json'), 'utf8')) as {
            name: string;
            version: string;
          };
          found = `${manifest.name}@${manifest.version}`;
          versionOf.set(folder, found);
        }
        return found;
      };
      builder.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'one-copy-per-version') return undefined;
        const resolved = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'one-copy-per-version',
        });
        if (resolved.errors.length > 0 || resolved.external) return resolved;
        const folder = packageFolderOf(resolved.path);
        if (!folder) return resolved;
        const key = await version(folder);
        const chosen = folderOf.get(key) ?? folder;
        folderOf.set(key, chosen);
        return { ...resolved, path: chosen + resolved.path.slice(folder.length) };
      });
    },
  };
}

/**
 * The server as `npm start` runs it: one ES module of the app's own code (this package and
 * `@pos/core`) and of the packages it imports at start, run by plain Node. Bundling the packages too
 * saved ~0.3-0.5 s of a start (issue 32): one file read and compiled instead of ~1,000 modules each
 * resolved, read and wrapped by Node's loader (969 from 89 packages). Not minified, so a stack trace
 * still names the functions (minified, it started no faster). Run through tsx's loader instead, the
 * TypeScript cost a sale 1.9 % more instructions and, in paired timings, ~10 % more time (issue 17): tsx
 * keeps names by wrapping every function it compiles, closures made per request included, in a
 * `defineProperty` call, and its loader stays in the process.
 */
export async function buildServer(outfile: string = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: [SERVER_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The bundled CommonJS packages require Node's built-ins: an ES module needs a require for them;
    // ownFolders' files need their paths.
    banner: {
      js: [
        "import { createRequire as __posRequire } from 'node:module';",
        "import { dirname as __posDirname } from 'node:path';",
        "import { fileURLToPath as __posFileURLToPath } from 'node:url';",
        'const require = __posRequire(import.meta.url);',
        'const __posFileOf = (fromBundle) => __posFileURLToPath(new URL(fromBundle, import.meta.url));',
      ].join(' '),
    },
    plugins: [
      oneCopyPerVersion(),
      ownFolders(outfile),
      {
        name: 'unbundled-packages',
        setup(builder) {
          // Bare imports are packages (`node:` built-ins stay imports by esbuild's platform: 'node').
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            UNBUNDLED_PACKAGES.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
}
