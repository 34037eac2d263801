import { formatBahtInput, parseBahtText, type Satang } from '@pos/core';
import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { fieldAria, FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { useFormField, type FieldBlockProps } from './use-form-field';

type MoneyFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, Satang | null | undefined>,
  TOut,
> = FieldBlockProps<T, N, TOut> &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'className'
  > & {
    /** Classes of the input itself. */
    inputClassName?: string;
  };

/** The form value as satang: a number (NaN for text that is not an amount) or null for an empty field. */
const satangOf = (value: unknown): Satang | null => (typeof value === 'number' ? value : null);
const shown = (satang: Satang | null) => (satang === null || Number.isNaN(satang) ? '' : formatBahtInput(satang));

/**
 * The one money input (STYLE rule 10): people type baht ("1,234.50"), the form holds whole satang
 * (123450), null when empty. Text that is not an amount with at most two decimals holds NaN, which
 * the form's schema refuses, and the field says why once it was left or the form was sent.
 */
export function MoneyField<T extends FieldValues, N extends FieldPathByValue<T, Satang | null | undefined>, TOut>({
  control,
  name,
  id,
  label,
  labelNote,
  hint,
  className,
  inputClassName,
  ...inputProps
}: MoneyFieldProps<T, N, TOut>) {
  const t = useT();
  const { field, fieldState, error } = useFormField(control, name, id, hint);
  const satang = satangOf(field.value);
  const [text, setText] = useState(() => shown(satang));
  // The satang the text stands for: a value set from outside (reset, setValue) replaces the text.
  const [textSatang, setTextSatang] = useState(satang);
  if (!Object.is(satang, textSatang)) {
    setTextSatang(satang);
    setText(shown(satang));
  }

  const notAnAmount = satang !== null && Number.isNaN(satang);
  const message = notAnAmount && (fieldState.isTouched || error) ? t('form.moneyInvalid') : error;
  const aria = fieldAria(id, message, hint !== undefined);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const next = parseBahtText(typed);
    setText(typed);
    setTextSatang(next);
    field.onChange(next);
  };
  const onBlur = () => {
    // Tidied to how the amount reads back ("1,234.5" becomes "1234.50"); text that is no amount stays as typed.
    if (satang !== null && !Number.isNaN(satang)) setText(formatBahtInput(satang));
    field.onBlur();
  };

  return (
    <FormField id={id} label={label} labelNote={labelNote} hint={hint} error={message} className={className}>
      <Input
        {...inputProps}
        {...aria}
        ref={field.ref}
        name={field.name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={onChange}
        onBlur={onBlur}
        className={cn('tabular-nums', inputClassName)}
      />
    </FormField>
  );
}
