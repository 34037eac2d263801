import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n';
import { RoleSelect } from './role-select';

/** The fields the add and edit dialogs share. */
interface UserProfileInput {
  name: string;
  email?: string | null | undefined;
  role?: unknown;
}

/** Full name, optional e-mail and role: one block for the add-user and edit-user forms. */
export function UserProfileFields<T extends FieldValues & UserProfileInput, Output extends FieldValues>({
  idPrefix,
  form: anyForm,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, Output>;
}) {
  const t = useT();
  // Both forms hold these three fields; react-hook-form's generics cannot express "at least these".
  const form = anyForm as unknown as UseFormReturn<UserProfileInput>;
  const { errors } = form.formState;
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <FormField id={id('name')} label={t('users.fieldName')} error={errors.name?.message}>
        <Input {...fieldAria(id('name'), errors.name?.message)} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField
        id={id('email')}
        label={t('users.fieldEmail')}
        labelNote={t('common.optional')}
        error={errors.email?.message}
      >
        <Input
          {...fieldAria(id('email'), errors.email?.message)}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...form.register('email')}
        />
      </FormField>
      <FormField id={id('role')} label={t('users.fieldRole')} error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RoleSelect
              {...fieldAria(id('role'), errors.role?.message)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </FormField>
    </>
  );
}
