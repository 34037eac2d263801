import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's files beside its code (packages/server/assets). This module sits at the depth of `src/`, and
 * the bundle `npm start` runs sits at the same depth (dist/main.mjs), so one relative path serves both.
 */
export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
