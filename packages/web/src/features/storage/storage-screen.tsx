import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { CleanupTab } from './cleanup-tab';
import { FilesTab } from './files-tab';
import { OverviewTab } from './overview-tab';
import { storageKeys, useStorageUsage } from './storage.queries';
import { UsageCards, UsageCardsSkeleton } from './usage-cards';

const TABS = ['overview', 'files', 'cleanup'] as const;
type StorageTab = (typeof TABS)[number];
const ID = 'storage';

/** Storage management (spec 001 "Storage management (/storage)"). */
export function StorageScreen() {
  const t = useT();
  const queryClient = useQueryClient();
  const usage = useStorageUsage();
  const [tab, setTab] = useState<StorageTab>('overview');
  const [refreshing, setRefreshing] = useState(false);

  const loadError = usage.isError ? errorMessage(usage.error, t('storage.loadError')) : null;
  useLoadErrorToast(loadError, usage.errorUpdatedAt);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: storageKeys.all, type: 'active' });
      if (!queryClient.getQueryState(storageKeys.usage)?.error) toast.success(t('storage.refreshed'));
    } finally {
      setRefreshing(false);
    }
  };

  const tabLabel = (key: StorageTab) => t(`storage.tab.${key}`);

  return (
    <section>
      <PageHeader
        title={t('storage.title')}
        description={t('storage.subtitle')}
        actions={
          <Button type="button" variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RotateCw className={cn(refreshing && 'animate-spin')} aria-hidden />
            {t('storage.refresh')}
          </Button>
        }
      />
      {usage.isPending ? (
        <LoadingState>
          <UsageCardsSkeleton />
        </LoadingState>
      ) : usage.isError || !usage.data ? (
        <ErrorState
          title={t('storage.loadError')}
          message={loadError === t('storage.loadError') ? undefined : (loadError ?? undefined)}
          onRetry={() => void usage.refetch()}
          retrying={usage.isFetching}
        />
      ) : (
        <div className="space-y-6">
          <UsageCards usage={usage.data} />
          <Card className="p-4 sm:p-6">
            <TabList
              idPrefix={ID}
              label={t('storage.tabsLabel')}
              value={tab}
              onChange={setTab}
              tabs={TABS.map((key) => ({ key, label: tabLabel(key) }))}
            />
            <TabPanel idPrefix={ID} tabKey={tab}>
              {tab === 'overview' ? <OverviewTab usage={usage.data} /> : null}
              {tab === 'files' ? <FilesTab /> : null}
              {tab === 'cleanup' ? <CleanupTab /> : null}
            </TabPanel>
          </Card>
        </div>
      )}
    </section>
  );
}
