import { zodResolver } from '@hookform/resolvers/zod';
import { SystemSettingsInput, type Settings, type StoreSettings } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { retryOnTimeout } from './retry-on-timeout';
import { announceSettingsUpdated, settingsScreenApi } from './settings-screen.queries';

/** Thai VAT: 7 %, the Thai retail norm being shelf prices that include it. */
export const THAI_VAT = { taxRate: 7, pricesIncludeVat: true } as const;

/** "Registered": the tax id, rate and mode, under `settings.system` like the server's field errors. */
const RegisteredForm = z.object({
  settings: z.object({ system: SystemSettingsInput.pick({ taxId: true, taxRate: true, pricesIncludeVat: true }) }),
});
type RegisteredInput = z.input<typeof RegisteredForm>;
type RegisteredOutput = z.output<typeof RegisteredForm>;
const FIELDS = ['settings.system.taxId', 'settings.system.taxRate', 'settings.system.pricesIncludeVat'] as const;

/** One answer to the question; `pressed` when it stays chosen ("yes" opens the fields below it). */
function Answer({
  pressed,
  disabled,
  onChoose,
  children,
}: {
  pressed?: boolean;
  disabled?: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant={pressed ? 'primary' : 'outline'}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onChoose}
    >
      {children}
    </Button>
  );
}

/**
 * The first-run VAT question (issue 31): a shop not registered for VAT charges none and prints
 * receipts; a registered one gives its tax id (every tax invoice needs it) and its rate and mode,
 * the spec's 3 % on top until changed. Nothing is charged before the owner answers.
 */
export function VatQuestion({
  system,
  onAnswered,
}: {
  system: StoreSettings['system'];
  onAnswered?: (settings: Settings) => void;
}) {
  const t = useT();
  const [registered, setRegistered] = useState(false);
  const form = useForm<RegisteredInput, unknown, RegisteredOutput>({
    resolver: zodResolver(RegisteredForm),
    defaultValues: {
      settings: {
        system: { taxId: system.taxId, taxRate: system.taxRate, pricesIncludeVat: system.pricesIncludeVat },
      },
    },
  });
  const answer = useMutation({
    mutationFn: (change: { vatRegistered: boolean } & Partial<RegisteredOutput['settings']['system']>) =>
      retryOnTimeout(() => settingsScreenApi.save({ system: change })),
    onSuccess: (settings) => {
      announceSettingsUpdated();
      onAnswered?.(settings);
      toast.success(settings.system.vatRegistered ? t('settings.vat.savedRegistered') : t('settings.vat.savedNone'));
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast.error(t('common.error'), { description: errorMessage(error, t('settings.saveError')) });
    },
  });
  const save = form.handleSubmit((values) => answer.mutate({ vatRegistered: true, ...values.settings.system }));

  return (
    <div className="basis-full rounded-lg border border-blue-200 bg-blue-50/60 p-3" data-testid="vat-question">
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t('settings.vat.question')}</legend>
        <p className="text-sm text-slate-700">{t('settings.vat.why')}</p>
        <div className="flex flex-wrap gap-2">
          <Answer pressed={registered} onChoose={() => setRegistered(true)}>
            {t('settings.vat.yes')}
          </Answer>
          <Answer
            disabled={answer.isPending}
            onChoose={() => {
              setRegistered(false);
              answer.mutate({ vatRegistered: false });
            }}
          >
            {t('settings.vat.no')}
          </Answer>
        </div>
      </fieldset>
      {registered ? (
        <form
          className="mt-3 grid gap-3 border-t border-blue-200 pt-3 sm:grid-cols-2"
          onSubmit={(event) => void save(event)}
          noValidate
        >
          <TextField
            control={form.control}
            name="settings.system.taxId"
            id="vat-question-tax-id"
            label={t('settings.store.taxId')}
            hint={t('settings.vat.taxIdHint')}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
          />
          <TextField
            control={form.control}
            name="settings.system.taxRate"
            id="vat-question-tax-rate"
            label={t('settings.system.taxRate')}
            inputMode="decimal"
          />
          <CheckboxField
            control={form.control}
            name="settings.system.pricesIncludeVat"
            id="vat-question-prices-include-vat"
            label={t('settings.system.pricesIncludeVat')}
            hint={t('settings.system.pricesIncludeVatHint')}
            className="sm:col-span-2"
          />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={answer.isPending}>
              {t('settings.vat.save')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.setValue('settings.system.taxRate', THAI_VAT.taxRate, { shouldDirty: true });
                form.setValue('settings.system.pricesIncludeVat', THAI_VAT.pricesIncludeVat, { shouldDirty: true });
              }}
            >
              <Zap aria-hidden />
              {t('settings.checklist.vatOneClick')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
