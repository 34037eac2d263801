import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../file-modes';
import type { ImageStore, PutResult, StoredFile } from './image-store';

/** The public path the local store's files are served at. */
export const UPLOADS_URL_PREFIX = '/uploads';

const SAFE_SEGMENT = /^[a-z0-9][a-z0-9_-]*$/;
const SAFE_EXTENSION = /^[a-z0-9]{1,5}$/;

/** Keeps files under `root` (DATA_DIR/uploads), served by the app at /uploads/<key>. */
export function localDiskStore(root: string, options: { limitBytes: number }): ImageStore {
  const resolvedRoot = path.resolve(root);
  fs.mkdirSync(resolvedRoot, { recursive: true, mode: PRIVATE_DIR_MODE });

  /** The file of a key, refusing anything that would leave the uploads folder. */
  function fileOf(key: string): string {
    const file = path.resolve(resolvedRoot, key);
    if (!file.startsWith(resolvedRoot + path.sep)) throw new Error(`image key outside the uploads folder: ${key}`);
    return file;
  }

  async function walk(dir: string, prefix: string, out: StoredFile[]): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // Dotfiles are uploads still being written.
      if (entry.name.startsWith('.')) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, key, out);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (!stat) continue;
        out.push({
          key,
          url: `${UPLOADS_URL_PREFIX}/${key}`,
          sizeBytes: stat.size,
          width: null,
          height: null,
          format: path.extname(entry.name).slice(1).toLowerCase(),
          createdAt: stat.mtime.toISOString(),
        });
      }
    }
  }

  async function listAll(): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    await walk(resolvedRoot, '', files);
    return files;
  }

  return {
    name: 'local',
    async put({ data, extension, folder }): Promise<PutResult> {
      if (!SAFE_SEGMENT.test(folder)) throw new Error(`unsafe upload folder: ${folder}`);
      if (!SAFE_EXTENSION.test(extension)) throw new Error(`unsafe file extension: ${extension}`);
      const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written beside and renamed, so a half-written file is never served; `wx` never overwrites.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
      await fs.promises.writeFile(temp, data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      await fs.promises.rename(temp, file);
      return { key, url: `${UPLOADS_URL_PREFIX}/${key}`, sizeBytes: data.length };
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    keyOf(url) {
      const prefix = `${UPLOADS_URL_PREFIX}/`;
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return key !== '' && !key.split('/').some((s) => s === '' || s === '.' || s === '..') ? key : null;
    },
    listAll,
    async describe(files) {
      // The real dimensions and format, read from each file's header (sharp reads no pixels for this).
      // sharp is loaded here, not at start-up.
      const { default: sharp } = await import('sharp');
      return Promise.all(
        files.map(async (file) => {
          try {
            const meta = await sharp(fileOf(file.key)).metadata();
            return {
              ...file,
              width: meta.width ?? null,
              height: meta.pageHeight ?? meta.height ?? null,
              format: meta.format ?? file.format,
            };
          } catch {
            return file;
          }
        }),
      );
    },
    async usage() {
      const files = await listAll();
      return {
        bytes: files.reduce((sum, f) => sum + f.sizeBytes, 0),
        limitBytes: options.limitBytes,
        bandwidth: null,
        lastUpdated: new Date().toISOString(),
      };
    },
    async folders() {
      const entries = await fs.promises.readdir(resolvedRoot, { withFileTypes: true }).catch(() => []);
      return {
        mainFolder: path.basename(resolvedRoot),
        subFolders: entries
          .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
          .map((e) => e.name)
          .sort(),
      };
    },
  };
}

/** Where the local store keeps files for this configuration. */
export function uploadsDirOf(config: { dataDir: string }): string {
  return path.join(config.dataDir, 'uploads');
}
