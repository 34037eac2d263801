import type { StorageUsageResponse } from '@pos/core';
import { HardDrive, Images, Wifi } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { TONE_CLASSES, usageTone } from './usage-tone';
import { formatSize } from './format-size';

const pct = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 1 });

/** A percent bar coloured by spec 001's bands. */
function PercentBar({ percent, label, toned }: { percent: number; label: string; toned: boolean }) {
  const bar = toned ? TONE_CLASSES[usageTone(percent)].bar : 'bg-blue-600';
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cn('h-full rounded-full', bar)} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

function UsageCard({
  icon: Icon,
  title,
  value,
  percent,
  note,
  testId,
  toned = true,
}: {
  icon: LucideIcon;
  title: string;
  value: ReactNode;
  percent: number | null;
  note?: ReactNode;
  testId: string;
  /** Coloured by the usage bands (a share of a limit); a plain share is blue. */
  toned?: boolean;
}) {
  const t = useT();
  const tone = percent === null || !toned ? null : TONE_CLASSES[usageTone(percent)];
  return (
    <Card className="space-y-3 p-4" data-testid={testId}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      </div>
      <p className="text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      {percent !== null ? (
        <>
          <PercentBar percent={percent} label={title} toned={toned} />
          <p
            className={cn('text-sm font-medium tabular-nums', tone?.text ?? 'text-slate-700')}
            data-tone={toned ? usageTone(percent) : undefined}
          >
            {toned
              ? t('storage.percentUsed', { percent: pct.format(percent) })
              : t('storage.card.productsPercent', { percent: pct.format(percent) })}
          </p>
        </>
      ) : null}
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
    </Card>
  );
}

/** Spec 001: image storage used vs limit, bandwidth, and products with images. */
export function UsageCards({ usage }: { usage: StorageUsageResponse }) {
  const t = useT();
  const { storage, bandwidth } = usage.cloudinary;
  const db = usage.database;
  const unknown = t('storage.card.unknown');
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <UsageCard
        testId="storage-card-storage"
        icon={HardDrive}
        title={t('storage.card.storage')}
        value={
          storage.usedMB === null
            ? unknown
            : t('storage.card.storageValue', {
                used: formatSize(storage.usedMB),
                limit: storage.limitMB === null ? unknown : formatSize(storage.limitMB),
              })
        }
        percent={storage.percentage}
        note={usage.cloudinary.store === 'local' ? t('storage.storeLocal') : t('storage.storeCloudinary')}
      />
      <UsageCard
        testId="storage-card-bandwidth"
        icon={Wifi}
        title={t('storage.card.bandwidth')}
        value={
          !bandwidth.tracked
            ? t('storage.card.bandwidthUntracked')
            : bandwidth.usedMB === null
              ? unknown
              : t('storage.card.bandwidthValue', { used: formatSize(bandwidth.usedMB) })
        }
        percent={bandwidth.tracked ? bandwidth.percentage : null}
        note={bandwidth.tracked ? undefined : t('storage.card.bandwidthUntrackedNote')}
      />
      <UsageCard
        testId="storage-card-products"
        icon={Images}
        title={t('storage.card.products')}
        value={t('storage.card.productsValue', { with: db.productsWithImages, total: db.totalProducts })}
        percent={db.imagesPercentage}
        toned={false}
        note={t('storage.card.uniqueImages', { count: db.uniqueImages })}
      />
    </div>
  );
}

export function UsageCardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-3" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="space-y-3 p-4">
          <Skeleton className="h-10 w-40" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-2 w-full" />
        </Card>
      ))}
    </div>
  );
}
