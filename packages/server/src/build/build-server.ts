import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SOURCE = path.resolve(here, '../main.ts');
/** Where `npm start` runs the server from: the same depth as `src/`, so `../../web/dist` still finds the SPA. */
export const SERVER_BUNDLE = path.resolve(here, '../../dist/main.mjs');

/**
 * The server as `npm start` runs it: one ES module of the app's own code (this package and
 * `@pos/core`), run by plain Node. Packages from node_modules stay imports of their own (native
 * modules, workers and files resolved next to them). Not minified, so a stack trace still names the
 * functions. Run through tsx's loader instead, the TypeScript cost a sale 1.9 % more instructions and,
 * in paired timings, ~10 % more time (issue 17): tsx keeps names by wrapping every function it compiles,
 * closures made per request included, in a `defineProperty` call, and its loader stays in the process.
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
    // A bundled package that still calls require (none of ours does) needs one in an ES module.
    banner: {
      js: "import { createRequire as __posRequire } from 'node:module'; const require = __posRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'node-modules-external',
        setup(builder) {
          // Bare imports are packages, except the workspace's own TypeScript ones (`@pos/core`).
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@pos/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
