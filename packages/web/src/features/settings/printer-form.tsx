import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRINTER_LANGUAGES,
  PRINTER_TYPES,
  PRINTER_WIDTHS,
  PRINTER_NAME_MAX_LENGTH,
  PrinterConfig,
  type PrinterLanguage,
  type PrinterType,
  samePrinterName,
} from '@pos/core';
import { Check, Info } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { cn } from '../../lib/utils';

export type PrinterFormInput = z.input<typeof PrinterConfig>;
type PrinterFormControl = Control<PrinterFormInput, unknown, PrinterConfig>;

/** A new printer's starting values: a network printer on the raw-printing port, 80 mm, ESC/POS, with a drawer. */
export const NEW_PRINTER: PrinterConfig = PrinterConfig.parse({ name: '-', host: '-' });
const NEW_PRINTER_INPUT: PrinterFormInput = { ...NEW_PRINTER, name: '', host: '' };

const TYPE_LABEL: Record<PrinterType, MessageKey> = {
  network: 'printing.type.network',
  usb: 'printing.type.usb',
  serial: 'printing.type.serial',
};
const LANGUAGE_LABEL: Record<PrinterLanguage, MessageKey> = {
  'esc-pos': 'printing.language.esc-pos',
  'star-prnt': 'printing.language.star-prnt',
};

/** One choice of a few, as radio buttons drawn as pills (arrow keys move between them, as radios do). */
function ChoiceField<N extends FieldPath<PrinterFormInput>>({
  control,
  name,
  id,
  legend,
  options,
}: {
  control: PrinterFormControl;
  name: N;
  id: string;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
}) {
  const { field } = useController({ control, name });
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = String(field.value) === option.value;
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-blue-600',
                checked ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-700',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={`${id}-choice`}
                value={option.value}
                className="sr-only"
                checked={checked}
                onChange={() => field.onChange(option.value)}
                onBlur={field.onBlur}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface PrinterFormProps {
  /** The printer being edited, or null for a new one. */
  printer: PrinterFormInput | null;
  /** The other printers' names: a printer's name is how a till names it, so no two alike. */
  otherNames: readonly string[];
  /** A refusal of the server at one of this printer's fields (`settings.printing.printers.<i>.<field>`). */
  serverError?: { field: 'name' | 'host'; message: string } | null;
  onDone: (printer: PrinterConfig) => void;
  onCancel: () => void;
}

/**
 * One printer's settings (issue 37), checked with core's PrinterConfig: name, connection, address and port of a
 * network printer, paper width, command language, Thai code page, cash drawer. "Done" puts it in the list; the
 * list is saved with "save printers".
 */
export function PrinterForm({ printer, otherNames, serverError, onDone, onCancel }: PrinterFormProps) {
  const t = useT();
  const idBase = 'printer-form';
  const form = useForm<PrinterFormInput, unknown, PrinterConfig>({
    resolver: zodResolver(PrinterConfig),
    defaultValues: printer ?? NEW_PRINTER_INPUT,
  });
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  const thai = useWatch({ control, name: 'thaiCodePage' });

  useEffect(() => {
    if (serverError)
      form.setError(serverError.field, { type: 'server', message: serverError.message }, { shouldFocus: true });
  }, [serverError, form]);

  const onSubmit = form.handleSubmit((values) => {
    const taken = otherNames.some((name) => samePrinterName(name, values.name));
    if (taken) {
      form.setError('name', { type: 'taken', message: t('apiErrors.PRINTER_NAME_TAKEN') }, { shouldFocus: true });
      return;
    }
    onDone(values);
  });

  const title = printer ? t('printing.formEditTitle', { name: printer.name }) : t('printing.formAddTitle');
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={title}
      data-testid="printer-form"
      className="grid gap-4 rounded-xl border border-blue-200 bg-blue-50/40 p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h4 className="text-base font-semibold text-slate-900">{title}</h4>
      <TextField
        control={control}
        name="name"
        id={`${idBase}-name`}
        label={t('printing.name')}
        hint={t('printing.nameHint')}
        maxLength={PRINTER_NAME_MAX_LENGTH}
        autoComplete="off"
        autoFocus
        className="max-w-sm"
      />
      <ChoiceField
        control={control}
        name="type"
        id={`${idBase}-type`}
        legend={t('printing.type')}
        options={PRINTER_TYPES.map((value) => ({ value, label: t(TYPE_LABEL[value]) }))}
      />
      {type === 'network' || type === undefined ? (
        // The port's column as wide as its hint (never wrapped under a narrow field), at least 8rem.
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(8rem,max-content)]">
          <TextField
            control={control}
            name="host"
            id={`${idBase}-host`}
            label={t('printing.host')}
            hint={t('printing.hostHint')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            control={control}
            name="port"
            id={`${idBase}-port`}
            label={t('printing.port')}
            hint={t('printing.portHint')}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      ) : (
        <p className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="printer-browser-only">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('printing.browserOnly')}
        </p>
      )}
      <ChoiceField
        control={control}
        name="width"
        id={`${idBase}-width`}
        legend={t('printing.width')}
        options={PRINTER_WIDTHS.map((width) => ({ value: String(width), label: t('printing.widthValue', { width }) }))}
      />
      <ChoiceField
        control={control}
        name="language"
        id={`${idBase}-language`}
        legend={t('printing.language')}
        options={PRINTER_LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABEL[value]) }))}
      />
      <CheckboxField
        control={control}
        name="thaiCodePage"
        id={`${idBase}-thai`}
        label={t('printing.thaiCodePage')}
        hint={t('printing.thaiCodePageHint')}
      />
      {/* Which code page holds Thai differs by make: asked only when the printer has one. */}
      {thai ? (
        <TextField
          control={control}
          name="thaiCodePageNumber"
          id={`${idBase}-thai-number`}
          label={t('printing.thaiCodePageNumber')}
          hint={t('printing.thaiCodePageNumberHint')}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-sm"
        />
      ) : null}
      <CheckboxField
        control={control}
        name="cashDrawer"
        id={`${idBase}-drawer`}
        label={t('printing.cashDrawer')}
        hint={t('printing.cashDrawerHint')}
      />
      <p className="text-sm text-slate-500">{t('printing.formHint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" data-testid="printer-form-done">
          <Check aria-hidden />
          {t('printing.formDone')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
