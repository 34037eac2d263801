import type { StorageUsageResponse } from '@pos/core';
import { Clock, Folder, FolderOpen } from 'lucide-react';
import { ErrorAlert } from '../../components/ui/alert';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';

/** Spec 001 overview: last-updated time or the connection error box, then the folders. */
export function OverviewTab({ usage }: { usage: StorageUsageResponse }) {
  const t = useT();
  const { cloudinary, folders } = usage;
  return (
    <div className="grid gap-6">
      {cloudinary.error ? (
        <ErrorAlert title={t('storage.connectError')}>{cloudinary.message}</ErrorAlert>
      ) : cloudinary.last_updated ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Clock className="size-4 text-slate-500" aria-hidden />
          {t('storage.lastUpdated', { date: formatDateTime(cloudinary.last_updated) })}
        </p>
      ) : null}
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{t('storage.folders')}</h3>
        {folders.error ? (
          <ErrorAlert>{t('storage.foldersError')}</ErrorAlert>
        ) : (
          <ul className="space-y-1 rounded-xl border border-slate-200 bg-white p-3" data-testid="storage-folders">
            <li className="flex items-center gap-2 font-medium text-slate-900">
              <FolderOpen className="size-5 text-blue-700" aria-hidden />
              {t('storage.mainFolder', { name: folders.mainFolder })}
            </li>
            {folders.subFolders.length === 0 ? (
              <li className="pl-7 text-sm text-slate-600">{t('storage.noSubFolders')}</li>
            ) : (
              folders.subFolders.map((folder) => (
                <li key={folder.name} className="flex items-center gap-2 pl-7 text-slate-800">
                  <Folder className="size-4 text-slate-500" aria-hidden />
                  {folder.name}
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
