import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@pos/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { UserProfileFields } from './user-profile-fields';
import { CreateUserForm, type CreateUserFormInput, type CreateUserFormOutput } from './user-forms';
import { useCreateUser } from './users.queries';

const FORM_FIELDS = ['username', 'password', 'name', 'email', 'role'] as const;
const EMPTY: CreateUserFormInput = { username: '', password: '', name: '', email: '', role: 'cashier' };

/** Add user: username, password, full name, optional e-mail, role (default cashier). */
export function UserCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CreateUserFormInput, unknown, CreateUserFormOutput>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setServerError(null);
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((body) => {
    setServerError(null);
    create.mutate(body, {
      onSuccess: (user) => {
        toast.success(t('users.created'), { description: t('users.createdMessage', { name: user.name }) });
        close();
      },
      onError: (error) => {
        const message = errorMessage(error, t('users.createError'));
        applyServerFieldErrors(error, form.setError, FORM_FIELDS, { USERNAME_TAKEN: 'username' });
        setServerError(message);
        toast.error(t('users.createErrorTitle'), { description: message });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !create.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('users.addTitle')}</DialogTitle>
          <DialogDescription>{t('users.addDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <FormField
            id="user-username"
            label={t('users.fieldUsername')}
            hint={t('users.fieldUsernameHint')}
            error={errors.username?.message}
          >
            <Input
              {...fieldAria('user-username', errors.username?.message, true)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('username')}
            />
          </FormField>
          <FormField
            id="user-password"
            label={t('users.fieldPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
          >
            <PasswordInput
              {...fieldAria('user-password', errors.password?.message, true)}
              autoComplete="new-password"
              {...form.register('password')}
            />
          </FormField>
          <UserProfileFields idPrefix="user" form={form} />
          <DialogFormFooter pending={create.isPending} submitLabel={t('users.submitAdd')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
