import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { Textarea } from '../ui/textarea';
import { useFormField, type FieldBlockProps } from './use-form-field';

/** Attributes the kit sets itself: the rest pass through to the control. */
type Owned = 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'children';

type TextFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBlockProps<T, N, TOut> &
  Omit<InputHTMLAttributes<HTMLInputElement>, Owned> & {
    /** Classes of the input itself. */
    inputClassName?: string;
    /** A password: hidden, with a show/hide button. */
    secret?: boolean;
  };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A labelled one-line text input bound to a form field, with its hint or error. */
export function TextField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  id,
  label,
  labelNote,
  hint,
  className,
  inputClassName,
  secret = false,
  ...inputProps
}: TextFieldProps<T, N, TOut>) {
  const { field, error, aria } = useFormField(control, name, id, hint);
  const Control = secret ? PasswordInput : Input;
  return (
    <FormField id={id} label={label} labelNote={labelNote} hint={hint} error={error} className={className}>
      <Control
        {...inputProps}
        {...aria}
        ref={field.ref}
        name={field.name}
        value={text(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={inputClassName}
      />
    </FormField>
  );
}

type TextAreaFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut> = FieldBlockProps<T, N, TOut> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Owned>;

/** A labelled multi-line text box bound to a form field, with its hint or error. */
export function TextAreaField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  id,
  label,
  labelNote,
  hint,
  className,
  ...textareaProps
}: TextAreaFieldProps<T, N, TOut>) {
  const { field, error, aria } = useFormField(control, name, id, hint);
  return (
    <FormField id={id} label={label} labelNote={labelNote} hint={hint} error={error} className={className}>
      <Textarea
        {...textareaProps}
        {...aria}
        ref={field.ref}
        name={field.name}
        value={text(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}
