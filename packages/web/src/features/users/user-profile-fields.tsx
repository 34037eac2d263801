import { useController, type Control, type FieldValues } from 'react-hook-form';
import { TextField } from '../../components/form/text-field';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { useT } from '../../i18n';
import { RoleSelect } from './role-select';

/** The fields the add and edit dialogs share. */
interface UserProfileInput {
  name: string;
  email?: string | null | undefined;
  role?: unknown;
}

/** Full name, optional e-mail and role: one block for the add-user and edit-user forms. */
export function UserProfileFields<T extends FieldValues & UserProfileInput, Output>({
  idPrefix,
  control: anyControl,
}: {
  idPrefix: string;
  control: Control<T, unknown, Output>;
}) {
  const t = useT();
  // Both forms hold these three fields; react-hook-form's generics cannot express "at least these".
  const control = anyControl as unknown as Control<UserProfileInput>;
  const id = (field: string) => `${idPrefix}-${field}`;
  const role = useController({ control, name: 'role' });
  const roleError = role.fieldState.error?.message;
  return (
    <>
      <TextField control={control} name="name" id={id('name')} label={t('users.fieldName')} autoComplete="off" />
      <TextField
        control={control}
        name="email"
        id={id('email')}
        label={t('users.fieldEmail')}
        labelNote={t('common.optional')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <FormField id={id('role')} label={t('users.fieldRole')} error={roleError}>
        <RoleSelect
          {...fieldAria(id('role'), roleError)}
          value={role.field.value}
          onChange={role.field.onChange}
          onBlur={role.field.onBlur}
        />
      </FormField>
    </>
  );
}
