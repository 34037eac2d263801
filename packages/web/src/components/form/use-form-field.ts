import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldAria } from '../ui/form-field';

/** What every kit field takes: the form's control, the field's name, and its label block. */
export interface FieldBlockProps<T extends FieldValues, N extends FieldPath<T>, TOut> {
  control: Control<T, unknown, TOut>;
  name: N;
  /** The control's id; the label, hint and error hang off it. */
  id: string;
  label: string;
  /** Shown after the label in lighter text, e.g. "(optional)". */
  labelNote?: string | undefined;
  hint?: string | undefined;
  /** Classes of the block around label, control and message. */
  className?: string;
}

/** The controller of one field with the aria props its control needs (see FormField). */
export function useFormField<T extends FieldValues, N extends FieldPath<T>, TOut>(
  control: Control<T, unknown, TOut>,
  name: N,
  id: string,
  hint: string | undefined,
  error?: string,
) {
  const controller = useController<T, N, TOut>({ control, name });
  const message = error ?? controller.fieldState.error?.message;
  return { ...controller, error: message, aria: fieldAria(id, message, hint !== undefined) };
}
