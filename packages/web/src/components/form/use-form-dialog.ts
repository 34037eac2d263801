import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Mode, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';

export interface FormDialogOptions<TIn extends FieldValues, TOut> {
  /** The core schema (or one derived from it) the form is checked with. */
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The fields a server refusal may name in its `fields`. */
  serverFields: readonly Path<TIn>[];
  /** Error codes that belong to one field (e.g. USERNAME_TAKEN → username). */
  codeToField?: Readonly<Partial<Record<string, Path<TIn>>>>;
  /** Said when a failed save carries no message of its own. */
  errorFallback: string;
  /** The failure toast's title; "an error occurred" unless given. */
  errorTitle?: string;
  /** When fields are checked: on submit unless given ('onTouched': from leaving a field, then as it is typed). */
  mode?: Mode;
}

/**
 * The skeleton of a dialog that saves a form: react-hook-form on the schema, the server's refusal
 * put on its fields, above the form and in a toast, and cleared when the form is sent again.
 */
export function useFormDialog<TIn extends FieldValues, TOut>({
  schema,
  defaultValues,
  serverFields,
  codeToField,
  errorFallback,
  errorTitle,
  mode,
}: FormDialogOptions<TIn, TOut>) {
  const t = useT();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(schema), defaultValues, ...(mode ? { mode } : {}) });

  /** The form's submit handler: clears the last refusal, then checks and hands over the values. */
  const submit = (onValid: (values: TOut) => void, onInvalid?: (errors: FieldErrors<TIn>) => void) =>
    form.handleSubmit((values) => {
      setServerError(null);
      onValid(values);
    }, onInvalid);

  /** A save failed: the server's field errors go on the fields; its message above the form and in a toast. */
  const fail = (error: unknown): string => {
    const message = errorMessage(error, errorFallback);
    applyServerFieldErrors(error, form.setError, serverFields, codeToField);
    setServerError(message);
    toast.error(errorTitle ?? t('common.error'), { description: message });
    return message;
  };

  /** Back to the given values (the first defaults unless given), with no refusal shown. Stable, for effects. */
  const reset = useCallback(
    (values?: DefaultValues<TIn>) => {
      form.reset(values);
      setServerError(null);
    },
    [form],
  );

  return { form, control: form.control, serverError, setServerError, submit, fail, reset };
}
