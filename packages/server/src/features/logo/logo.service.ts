import type { LogoResponse } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { processImageUpload } from '../images/image-upload';
import { insertImage } from '../images/images.queries';
import { putImageFile } from '../images/images.service';
import { deleteUnreferencedFiles } from '../storage/storage.service';
import { LOGO_GROUP, readStoredSettings } from '../settings/settings.service';
import { writeSettingGroup } from '../settings/settings.queries';

/** The logo's folder in the image store. */
export const LOGO_FOLDER = 'logo';
/** The sidebar shows it small and receipts at most 300 px wide: 512 px is plenty (200×200 recommended). */
const LOGO_MAX_SIDE = 512;

type LogoDeps = Pick<Deps, 'db' | 'imageStore' | 'now'>;

const view = (url: string): LogoResponse => ({ logo_url: url, logo: url });

/** Stores `url` as the logo in one transaction; returns the one it replaced. */
async function setLogoUrl(deps: LogoDeps, userId: number, url: string): Promise<string> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const current = await readStoredSettings(trx);
    await writeSettingGroup(trx, LOGO_GROUP, { logo_url: url }, userId, deps.now().toISOString());
    return current.system.logo_url;
  });
}

/**
 * The old logo's file goes only once nothing names it (a product may show the same picture).
 * The new logo is saved by now: a failure here leaves a file storage cleanup finds later.
 */
async function dropOldLogo(deps: LogoDeps, oldUrl: string): Promise<void> {
  const key = oldUrl ? deps.imageStore.keyOf(oldUrl) : null;
  if (key === null) return;
  await deleteUnreferencedFiles(deps, [{ key, sizeBytes: 0 }]).catch(() => undefined);
}

/**
 * Checks the file by its content (an image, at most 5 MB, decodable),
 * re-encodes it, stores it, and only once the settings name it deletes the
 * old logo's file: a failure at any step leaves the old logo in place.
 */
export async function uploadLogo(deps: LogoDeps, userId: number, file: Buffer): Promise<LogoResponse> {
  const { fileTypeFromBuffer } = await import('file-type'); // not loaded at start-up
  const type = await fileTypeFromBuffer(file);
  if (!type?.mime.startsWith('image/')) throw new AppError({ status: 400, code: 'LOGO_NOT_AN_IMAGE' });
  let processed;
  try {
    processed = await processImageUpload(file, { maxSide: LOGO_MAX_SIDE });
  } catch (err) {
    if (err instanceof AppError && err.code === 'IMAGE_TOO_LARGE')
      throw new AppError({ status: 413, code: 'LOGO_TOO_LARGE' });
    throw err;
  }
  const stored = await putImageFile(deps, processed, LOGO_FOLDER);
  let oldUrl: string;
  try {
    oldUrl = await deps.db.kysely.transaction().execute(async (trx) => {
      const now = deps.now().toISOString();
      await insertImage(trx, {
        store: stored.store,
        key: stored.key,
        url: stored.url,
        size_bytes: stored.sizeBytes,
        width: processed.width,
        height: processed.height,
        content_type: processed.contentType,
        created_at: now,
      });
      const current = await readStoredSettings(trx);
      await writeSettingGroup(trx, LOGO_GROUP, { logo_url: stored.url }, userId, now);
      return current.system.logo_url;
    });
  } catch (err) {
    await stored.discard();
    throw err;
  }
  await dropOldLogo(deps, oldUrl);
  return view(stored.url);
}

/** Removes the logo (the sidebar and receipts show none) and then its file. */
export async function deleteLogo(deps: LogoDeps, userId: number): Promise<LogoResponse> {
  const oldUrl = await setLogoUrl(deps, userId, '');
  await dropOldLogo(deps, oldUrl);
  return view('');
}
