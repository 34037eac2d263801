import { can, type StorageCleanupResponse } from '@pos/core';
import { AlertTriangle, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useStorageCleanup } from './storage.queries';
import { formatSize } from './format-size';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Cleanup (spec 001): the warning, analyse (a dry run), then delete, shown after an analysis
 * and disabled while busy or with nothing unused. Both need settings_manage; without it a
 * toast says so. The server checks again what is in use at delete time.
 */
export function CleanupTab() {
  const t = useT();
  const me = useCurrentUser();
  const cleanup = useStorageCleanup();
  const dialogs = useDialogs();
  const [analysis, setAnalysis] = useState<StorageCleanupResponse['analysis'] | null>(null);
  const [result, setResult] = useState<StorageCleanupResponse['cleanup'] | null>(null);

  const run = async (dryRun: boolean) => {
    if (!can(me.role, 'settings_manage')) {
      toast.error(t('storage.noPermissionTitle'), { description: t('storage.noPermission') });
      return;
    }
    // Deleting files cannot be undone: the owner says yes first, knowing how many go.
    if (!dryRun) {
      const confirmed = await dialogs.confirmDelete({
        title: t('storage.cleanup.confirmTitle'),
        message: t('storage.cleanup.confirmMessage', { count: analysis?.unusedImages ?? 0 }),
        confirmLabel: t('storage.cleanup.delete'),
      });
      if (!confirmed) return;
    }
    cleanup.mutate(dryRun, {
      onSuccess: (response) => {
        if (response.dryRun) {
          setAnalysis(response.analysis);
          setResult(null);
          toast.success(t('storage.cleanup.found', { count: response.analysis.unusedImages }));
        } else {
          setAnalysis(null);
          setResult(response.cleanup);
          toast.success(t('storage.cleanup.done', { count: response.cleanup.deletedCount }));
        }
      },
      onError: (error) =>
        toast.error(t('common.error'), { description: errorMessage(error, t('storage.cleanup.error')) }),
    });
  };

  return (
    <div className="grid max-w-3xl gap-4">
      <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{t('storage.cleanup.warningTitle')}</p>
          <p>{t('storage.cleanup.warning')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void run(true)} disabled={cleanup.isPending}>
          <Search aria-hidden />
          {t('storage.cleanup.analyse')}
        </Button>
        {analysis ? (
          <Button
            type="button"
            variant="destructive"
            onClick={() => void run(false)}
            disabled={cleanup.isPending || analysis.unusedImages === 0}
          >
            <Trash2 aria-hidden />
            {t('storage.cleanup.delete')}
          </Button>
        ) : null}
      </div>
      {analysis ? (
        <Card className="p-4">
          <h3 className="mb-3 font-semibold text-slate-900">{t('storage.cleanup.analysisTitle')}</h3>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              testId="cleanup-total"
              label={t('storage.cleanup.total')}
              value={String(analysis.totalCloudinaryImages)}
            />
            <Figure
              testId="cleanup-in-use"
              label={t('storage.cleanup.inUse')}
              value={String(analysis.totalDatabaseImages)}
            />
            <Figure
              testId="cleanup-unused"
              label={t('storage.cleanup.unused')}
              value={t('storage.cleanup.unusedValue', {
                count: analysis.unusedImages,
                size: formatSize(analysis.unusedSizeMB),
              })}
            />
          </dl>
        </Card>
      ) : null}
      {result ? (
        <Card className="p-4">
          <h3 className="mb-3 font-semibold text-slate-900">{t('storage.cleanup.resultTitle')}</h3>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure
              testId="cleanup-deleted"
              label={t('storage.cleanup.deleted')}
              value={t('storage.cleanup.deletedValue', { count: result.deletedCount })}
            />
            <Figure
              testId="cleanup-freed"
              label={t('storage.cleanup.freed')}
              value={t('storage.cleanup.freedValue', { size: formatSize(result.totalSizeFreedMB) })}
            />
          </dl>
        </Card>
      ) : null}
    </div>
  );
}
