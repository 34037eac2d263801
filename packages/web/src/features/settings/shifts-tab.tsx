import { TILL_NAME_MAX, TillName, type Till } from '@pos/core';
import { Check, Pencil, Plus, Power, PowerOff, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/states';
import { useI18n, validationText, type MessageKey } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import type { SettingsControl } from './settings-form';
import { useTills } from '../shifts/shifts.queries';
import { useAddTill, useUpdateTill } from './settings-screen.queries';

/** Core allows at most this many pay-in/out reasons (ShiftSettingsInput.cashReasons). */
const REASONS_MAX = 20;

/**
 * "เครื่องขายและกะ" (issue 35): the shift settings, saved with the other settings by the header's button, and
 * the tills, each change its own call at once. Two forms side by side, never nested: Enter in a till's box adds or
 * renames that till, it does not save the settings.
 */
export function ShiftsTab({
  control,
  readOnly,
  onSubmit,
}: {
  control: SettingsControl;
  readOnly: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="grid max-w-2xl gap-8">
      <form onSubmit={onSubmit} noValidate aria-labelledby="settings-shifts-title">
        <fieldset disabled={readOnly} className="grid min-w-0 gap-4">
          <h3 id="settings-shifts-title" className="text-base font-semibold text-slate-900">
            {t('settings.shifts.title')}
          </h3>
          <CheckboxField
            control={control}
            name="settings.shifts.requireOpenShift"
            id="settings-shifts-require"
            label={t('settings.shifts.requireOpenShift')}
            hint={t('settings.shifts.requireOpenShiftHint')}
          />
          <TextField
            control={control}
            name="settings.shifts.differenceLimit"
            id="settings-shifts-limit"
            label={t('settings.shifts.differenceLimit')}
            hint={t('settings.shifts.differenceLimitHint')}
            inputMode="decimal"
            className="max-w-xs"
          />
          <CashReasonsField control={control} readOnly={readOnly} />
        </fieldset>
      </form>
      <TillsSection readOnly={readOnly} />
    </div>
  );
}

/** The pay-in/out reasons: one box each, removable, and one more added at the end. */
function CashReasonsField({ control, readOnly }: { control: SettingsControl; readOnly: boolean }) {
  const { t, locale } = useI18n();
  const name = 'settings.shifts.cashReasons' as const;
  const { field } = useController({ control, name });
  const { errors } = useFormState({ control, name });
  const reasons: string[] = Array.isArray(field.value) ? field.value : [];
  const listError = errors.settings?.shifts?.cashReasons;
  const itemError = (i: number): string | undefined => {
    const item: unknown = Array.isArray(listError) ? listError[i] : undefined;
    const message = typeof item === 'object' && item !== null && 'message' in item ? item.message : undefined;
    return typeof message === 'string' ? validationText(locale, message) : undefined;
  };
  // An error of the list as a whole (too many), as opposed to one of its reasons.
  const wholeError = listError && !Array.isArray(listError) ? listError.message : undefined;
  const set = (next: string[]) => field.onChange(next);

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby="settings-shifts-reasons-hint">
      <legend className="text-sm font-medium text-slate-900">{t('settings.shifts.reasons')}</legend>
      <p id="settings-shifts-reasons-hint" className="text-sm text-slate-500">
        {t('settings.shifts.reasonsHint')}
      </p>
      <ul className="space-y-2" data-testid="settings-cash-reasons">
        {reasons.map((reason, i) => {
          const id = `settings-shifts-reason-${i}`;
          const error = itemError(i);
          return (
            <li key={i} className="space-y-1">
              <div className="flex items-center gap-2">
                <Input
                  {...fieldAria(id, error)}
                  aria-label={t('settings.shifts.reasonLabel', { n: i + 1 })}
                  value={reason}
                  maxLength={100}
                  onChange={(event) => set(reasons.map((r, j) => (j === i ? event.target.value : r)))}
                  onBlur={field.onBlur}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('settings.shifts.removeReason', { reason: reason || String(i + 1) })}
                  onClick={() => set(reasons.filter((_, j) => j !== i))}
                  className="shrink-0 text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {wholeError ? (
        <p role="alert" className="text-sm text-red-600">
          {validationText(locale, wholeError)}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        disabled={readOnly || reasons.length >= REASONS_MAX}
        onClick={() => set([...reasons, ''])}
      >
        <Plus aria-hidden />
        {t('settings.shifts.addReason')}
      </Button>
    </fieldset>
  );
}

/** The tills: an add box, then each till with rename and switch off/on, each saved at once. */
function TillsSection({ readOnly }: { readOnly: boolean }) {
  const { t, locale } = useI18n();
  const tills = useTills();
  const add = useAddTill();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = TillName.safeParse(name);
    if (!parsed.success) {
      setError(validationText(locale, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    add.mutate(
      { name: parsed.data },
      {
        onSuccess: (till) => {
          setName('');
          setError(null);
          toast.success(t('settings.tills.added', { name: till.name }));
        },
        onError: (cause) => setError(errorMessage(cause, t('settings.tills.addError'))),
      },
    );
  };

  return (
    <section aria-labelledby="settings-tills-title" className="grid gap-4">
      <div>
        <h3 id="settings-tills-title" className="text-base font-semibold text-slate-900">
          {t('settings.tills.title')}
        </h3>
        <p className="text-sm text-slate-500">{t('settings.tills.hint')}</p>
      </div>
      <form onSubmit={onAdd} noValidate className="flex items-start gap-2">
        <FormField
          id="settings-new-till"
          label={t('settings.tills.newLabel')}
          error={error ?? undefined}
          className="min-w-0 flex-1"
        >
          <Input
            {...fieldAria('settings-new-till', error ?? undefined)}
            value={name}
            maxLength={TILL_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            disabled={readOnly}
          />
        </FormField>
        {/* Lined up with the box, below its label. */}
        <Button type="submit" className="mt-7 shrink-0" disabled={readOnly || name.trim() === '' || add.isPending}>
          <Plus aria-hidden />
          {t('settings.tills.add')}
        </Button>
      </form>
      <QueryStates
        query={tills}
        loading={
          <div className="grid gap-2" aria-hidden>
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        }
        errorTitle={t('settings.tills.loadError')}
        errorMessage={errorDetail(tills.error)}
        empty={<EmptyState title={t('settings.tills.emptyTitle')} message={t('settings.tills.emptyMessage')} />}
      >
        {(list) => (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="settings-tills"
          >
            {list.map((till) => (
              <TillRow key={till.id} till={till} readOnly={readOnly} />
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

/** One till: its name and state, or its rename box; a refusal (name taken, shift open) shows under it. */
function TillRow({ till, readOnly }: { till: Till; readOnly: boolean }) {
  const { t, locale } = useI18n();
  const update = useUpdateTill();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(till.name);
  const [error, setError] = useState<string | null>(null);
  const id = `settings-till-${till.id}-name`;

  const save = (body: { name?: string; active?: boolean }, done: MessageKey) =>
    update.mutate(
      { id: till.id, body },
      {
        onSuccess: (next) => {
          setEditing(false);
          setError(null);
          toast.success(t(done, { name: next.name }));
        },
        onError: (cause) => setError(errorMessage(cause, t('settings.tills.saveError'))),
      },
    );

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = TillName.safeParse(name);
    if (!parsed.success) {
      setError(validationText(locale, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    if (parsed.data === till.name) {
      setEditing(false);
      setError(null);
      return;
    }
    save({ name: parsed.data }, 'settings.tills.renamed');
  };

  if (editing) {
    return (
      <li className="px-4 py-3" data-testid={`settings-till-${till.id}`}>
        <form onSubmit={onRename} noValidate className="flex items-start gap-2">
          <FormField
            id={id}
            label={t('settings.tills.renameLabel', { name: till.name })}
            error={error ?? undefined}
            className="min-w-0 flex-1"
          >
            <Input
              {...fieldAria(id, error ?? undefined)}
              value={name}
              maxLength={TILL_NAME_MAX}
              autoFocus
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setEditing(false);
                  setError(null);
                }
              }}
            />
          </FormField>
          <div className="mt-7 flex shrink-0 gap-1">
            <Button type="submit" disabled={update.isPending}>
              <Check aria-hidden />
              {t('settings.tills.saveName')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('common.cancel')}
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              <X aria-hidden />
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="space-y-1 px-4 py-2" data-testid={`settings-till-${till.id}`} data-active={till.active}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span
          className={
            till.active
              ? 'min-w-0 flex-1 break-words text-slate-900'
              : 'min-w-0 flex-1 break-words text-slate-500 line-through'
          }
        >
          {till.name}
        </span>
        <span className="flex flex-wrap gap-1">
          {till.active ? (
            <Badge tone="green">{t('settings.tills.active')}</Badge>
          ) : (
            <Badge tone="grey">{t('settings.tills.inactive')}</Badge>
          )}
          {till.openShiftId !== null ? <Badge tone="blue">{t('settings.tills.shiftOpen')}</Badge> : null}
        </span>
        <span className="flex gap-1">
          <Button
            type="button"
            variant="outline"
            disabled={readOnly}
            aria-label={t('settings.tills.rename', { name: till.name })}
            onClick={() => {
              setName(till.name);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
            {t('settings.tills.renameShort')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={readOnly || update.isPending}
            aria-label={t(till.active ? 'settings.tills.switchOff' : 'settings.tills.switchOn', { name: till.name })}
            onClick={() =>
              save({ active: !till.active }, till.active ? 'settings.tills.switchedOff' : 'settings.tills.switchedOn')
            }
          >
            {till.active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {t(till.active ? 'settings.tills.switchOffShort' : 'settings.tills.switchOnShort')}
          </Button>
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </li>
  );
}
