import { zodResolver } from '@hookform/resolvers/zod';
import { can, type Settings } from '@pos/core';
import { Eye, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { ApiError, CLIENT_ERROR_CODES, errorDetail, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { BarcodeTab } from './barcode-tab';
import { CategoriesTab } from './categories-tab';
import { EtaxTab } from './etax-tab';
import { LoyaltyTab } from './loyalty-tab';
import { NotificationsTab } from './notifications-tab';
import { PaymentTab } from './payment-tab';
import { PrintersTab } from './printers-tab';
import {
  SETTINGS_FORM_FIELDS,
  SettingsForm,
  settingsFormValues,
  settingsRequest,
  type SettingsFormInput,
  type SettingsFormOutput,
} from './settings-form';
import { useFullSettings, useSaveSettings } from './settings-screen.queries';
import { SETTINGS_TABS, settingsTabOf, tabOfField, type SettingsTab } from './settings-tabs';
import { SetupChecklist } from './setup-checklist';
import { ShiftsTab } from './shifts-tab';
import { StoreTab } from './store-tab';
import { SystemTab } from './system-tab';
import { NeedsNetworkNotice } from '../offline/needs-network-notice';

/** Spec 001 §4: a second notice when a save is still running after 10 s. */
export const SAVE_SLOW_NOTICE_MS = 10_000;

const TAB_LABEL: Record<SettingsTab, MessageKey> = {
  store: 'settings.tab.store',
  system: 'settings.tab.system',
  payment: 'settings.tab.payment',
  categories: 'settings.tab.categories',
  barcode: 'settings.tab.barcode',
  loyalty: 'settings.tab.loyalty',
  notifications: 'settings.tab.notifications',
  shifts: 'settings.tab.shifts',
  etax: 'settings.tab.etax',
  printers: 'settings.tab.printers',
};

/**
 * The tabs whose fields are all in the settings form (the others save on their own; shifts and e-Tax hold their
 * own form beside their lists).
 */
const FORM_TABS: ReadonlySet<SettingsTab> = new Set(['store', 'system', 'payment', 'loyalty', 'notifications']);

/** Refusals without a field of their own, shown at the field they are about. */
const CODE_TO_FIELD = { ETAX_SETTINGS_INCOMPLETE: 'settings.etax.enabled' } as const;

const ID = 'settings';

/** The first field path with an error, `settings.<group>.<field>`. */
function firstErrorPath(errors: FieldErrors<SettingsFormInput>): string | null {
  for (const [group, fields] of Object.entries(errors.settings ?? {})) {
    const first = Object.keys(fields ?? {})[0];
    if (first) return `settings.${group}.${first}`;
  }
  return null;
}

function SettingsSkeleton() {
  return (
    <Card className="space-y-4 p-5" aria-hidden>
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-24 shrink-0" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    </Card>
  );
}

/** Settings (spec 001 "Settings"): tabs, the save button in the header, read-only without settings_edit. */
export function SettingsScreen() {
  const t = useT();
  const full = useFullSettings();
  if (full.data) return <SettingsEditor saved={full.data} />;
  return (
    <section>
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      {full.isError ? (
        <ErrorState
          title={t('settings.loadError')}
          message={errorDetail(full.error)}
          onRetry={() => void full.refetch()}
          retrying={full.isFetching}
        />
      ) : (
        <LoadingState>
          <SettingsSkeleton />
        </LoadingState>
      )}
    </section>
  );
}

/** The loaded screen. `saved` follows the server (logo, token tail); the form keeps its edits until saved. */
function SettingsEditor({ saved }: { saved: Settings }) {
  const t = useT();
  const me = useCurrentUser();
  const canEdit = can(me.role, 'settings_edit');
  // Printers make the server open connections: only admins see and change them (issue 37).
  const canManagePrinters = can(me.role, 'settings_manage');
  const tabs = SETTINGS_TABS.filter((key) => key !== 'printers' || canManagePrinters);
  const [params, setParams] = useSearchParams();
  const asked = settingsTabOf(params.get('tab'));
  const tab = tabs.includes(asked) ? asked : 'store';
  const setTab = (next: SettingsTab) =>
    setParams(
      (current) => {
        current.set('tab', next);
        return current;
      },
      { replace: true },
    );
  // The printers tab saves on its own: once opened it stays mounted (hidden behind another tab), so its unsaved
  // list and an open printer form are kept while the other tabs are looked at, as the settings form's fields are.
  const [printersKept, setPrintersKept] = useState(tab === 'printers');
  if (tab === 'printers' && !printersKept) setPrintersKept(true);
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(SettingsForm),
    defaultValues: settingsFormValues(saved),
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveSettings();
  const errors = form.formState.errors.settings;

  const showFirstError = (path: string | null) => {
    if (path) setTab(tabOfField(path));
  };

  const onSave = form.handleSubmit(
    (values) => {
      setServerError(null);
      const notice = toast.loading(t('settings.saving'));
      const slow = setTimeout(() => toast.loading(t('settings.savingSlow'), { id: notice }), SAVE_SLOW_NOTICE_MS);
      save.mutate(settingsRequest(values), {
        onSuccess: (next) => {
          form.reset(settingsFormValues(next));
          toast.success(t('settings.saved'), { id: notice });
        },
        onError: (error) => {
          const timedOut = error instanceof ApiError && error.code === CLIENT_ERROR_CODES.timeout;
          const message = errorMessage(error, timedOut ? t('settings.saveTimeout') : t('settings.saveError'));
          if (applyServerFieldErrors(error, form.setError, SETTINGS_FORM_FIELDS, CODE_TO_FIELD)) {
            showFirstError(firstErrorPath(form.formState.errors));
          }
          setServerError(message);
          toast.error(t('common.error'), { id: notice, description: message });
        },
        onSettled: () => clearTimeout(slow),
      });
    },
    (invalid) => {
      showFirstError(firstErrorPath(invalid));
      toast.error(t('common.error'), { description: t('settings.invalid') });
    },
  );

  const submit = (event: FormEvent) => void onSave(event);

  const saveButton = canEdit ? (
    <Button type="button" onClick={() => void onSave()} disabled={save.isPending} data-testid="settings-save">
      <Save aria-hidden />
      {t('settings.save')}
    </Button>
  ) : null;

  const panel = (() => {
    const control = form.control;
    switch (tab) {
      case 'store':
        return <StoreTab control={control} logoUrl={saved.system.logo_url} readOnly={!canEdit} />;
      case 'system':
        return <SystemTab control={control} canSwitchApproval={can(me.role, 'pos_refund')} />;
      case 'payment':
        return (
          <PaymentTab
            control={control}
            cardServer={{
              secret: saved.payment.stripeSecretConfigured,
              webhook: saved.payment.stripeWebhookConfigured,
            }}
          />
        );
      case 'loyalty':
        return <LoyaltyTab control={control} />;
      case 'notifications':
        return <NotificationsTab control={control} saved={saved.notifications} readOnly={!canEdit} />;
      case 'categories':
        return <CategoriesTab readOnly={!canEdit} />;
      case 'barcode':
        return <BarcodeTab readOnly={!canEdit} />;
      case 'etax':
        return (
          <EtaxTab
            control={control}
            passwordConfigured={saved.etax.smtpPasswordConfigured}
            readOnly={!canEdit}
            onSubmit={submit}
          />
        );
      case 'shifts':
        return <ShiftsTab control={control} readOnly={!canEdit} onSubmit={submit} />;
      case 'printers':
        return null;
    }
  })();

  const groupHasError = (key: SettingsTab) =>
    Object.entries(errors ?? {}).some(([group, fields]) =>
      Object.keys(fields ?? {}).some((field) => tabOfField(`settings.${group}.${field}`) === key),
    );

  return (
    <section>
      <PageHeader
        title={t('settings.title')}
        description={form.formState.isDirty ? t('settings.unsaved') : t('settings.subtitle')}
        actions={tab === 'printers' ? null : saveButton}
      />
      {canEdit ? <NeedsNetworkNotice action="settings" /> : null}
      {canEdit ? (
        <SetupChecklist
          className="mb-6"
          onVatAnswered={(next) => {
            // The saved settings become the form's defaults; other unsaved edits stay, and the VAT
            // fields take the values just saved (resetField would skip a tab never opened).
            form.reset(settingsFormValues(next), { keepDirtyValues: true });
            const { system } = next;
            form.setValue('settings.system.vatRegistered', system.vatRegistered, { shouldDirty: true });
            form.setValue('settings.system.taxId', system.taxId, { shouldDirty: true });
            form.setValue('settings.system.taxRate', system.taxRate, { shouldDirty: true });
            form.setValue('settings.system.pricesIncludeVat', system.pricesIncludeVat, { shouldDirty: true });
          }}
        />
      ) : (
        <p
          role="status"
          className="mb-6 flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700"
        >
          <Eye className="size-5 shrink-0 text-slate-500" aria-hidden />
          {t('settings.readOnly')}
        </p>
      )}
      {serverError ? <ErrorAlert className="mb-4">{serverError}</ErrorAlert> : null}
      <Card className="p-4 sm:p-6">
        <TabList
          idPrefix={ID}
          label={t('settings.tabsLabel')}
          value={tab}
          onChange={setTab}
          tabs={tabs.map((key) => ({
            key,
            label: t(TAB_LABEL[key]),
            badge: groupHasError(key) ? <span className="size-2 rounded-full bg-red-600" aria-hidden /> : undefined,
          }))}
        />
        <TabPanel idPrefix={ID} tabKey={tab}>
          {FORM_TABS.has(tab) ? (
            <form onSubmit={submit} noValidate>
              <fieldset disabled={!canEdit} className="min-w-0">
                {panel}
              </fieldset>
            </form>
          ) : (
            panel
          )}
          {printersKept && canManagePrinters ? (
            <div hidden={tab !== 'printers'}>
              <PrintersTab saved={saved.printing} />
            </div>
          ) : null}
        </TabPanel>
      </Card>
    </section>
  );
}
