import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from './text-field';

interface ApproverFieldsProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** The form's fields holding the approver's username and password. */
  usernameName: FieldPath<T>;
  passwordName: FieldPath<T>;
  /** The fields' ids: `${idPrefix}-username` and `${idPrefix}-password`. */
  idPrefix: string;
  usernameLabel: string;
  passwordLabel: string;
}

/**
 * Someone with the right signs in on the spot at the till (excluding VAT, a shift's difference): their username,
 * taking the keyboard, and their password, which the browser must never fill in with the cashier's saved one.
 */
export function ApproverFields<T extends FieldValues, TOut>({
  control,
  usernameName,
  passwordName,
  idPrefix,
  usernameLabel,
  passwordLabel,
}: ApproverFieldsProps<T, TOut>) {
  return (
    <>
      <TextField
        control={control}
        name={usernameName}
        id={`${idPrefix}-username`}
        label={usernameLabel}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
      />
      <TextField
        control={control}
        name={passwordName}
        id={`${idPrefix}-password`}
        label={passwordLabel}
        secret
        autoComplete="new-password"
      />
    </>
  );
}
