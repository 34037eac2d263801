import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImageStore, PutResult, StoredFile } from './image-store';

/** The public path the local store's files are served at. */
export const UPLOADS_URL_PREFIX = '/uploads';

const SAFE_SEGMENT = /^[a-z0-9][a-z0-9_-]*$/;
const SAFE_EXTENSION = /^[a-z0-9]{1,5}$/;

/** Keeps files under `root` (DATA_DIR/uploads), served by the app at /uploads/<key>. */
export function localDiskStore(root: string): ImageStore {
  const resolvedRoot = path.resolve(root);
  fs.mkdirSync(resolvedRoot, { recursive: true });

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
      if (entry.name.startsWith('.')) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, key, out);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(full);
        out.push({
          key,
          url: `${UPLOADS_URL_PREFIX}/${key}`,
          sizeBytes: stat.size,
          createdAt: stat.mtime.toISOString(),
        });
      }
    }
  }

  return {
    name: 'local',
    async put({ data, extension, folder }): Promise<PutResult> {
      if (!SAFE_SEGMENT.test(folder)) throw new Error(`unsafe upload folder: ${folder}`);
      if (!SAFE_EXTENSION.test(extension)) throw new Error(`unsafe file extension: ${extension}`);
      const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a half-written file is never served; `wx` never overwrites.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
      await fs.promises.writeFile(temp, data, { flag: 'wx' });
      await fs.promises.rename(temp, file);
      return { key, url: `${UPLOADS_URL_PREFIX}/${key}`, sizeBytes: data.length };
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async list({ limit = 20, offset = 0 } = {}) {
      const files: StoredFile[] = [];
      await walk(resolvedRoot, '', files);
      files.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.key.localeCompare(b.key));
      return {
        files: files.slice(offset, offset + limit),
        total: files.length,
        hasMore: offset + limit < files.length,
      };
    },
    async usage() {
      const files: StoredFile[] = [];
      await walk(resolvedRoot, '', files);
      return { files: files.length, bytes: files.reduce((sum, f) => sum + f.sizeBytes, 0) };
    },
  };
}

/** Where the local store keeps files for this configuration. */
export function uploadsDirOf(config: { dataDir: string }): string {
  return path.join(config.dataDir, 'uploads');
}
