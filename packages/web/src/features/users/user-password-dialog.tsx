import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, type User } from '@pos/core';
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
import { PasswordInput } from '../../components/ui/password-input';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { UserPasswordForm, type UserPasswordFormInput, type UserPasswordFormOutput } from './user-forms';
import { useChangeUserPassword } from './users.queries';

const FORM_FIELDS = ['newPassword'] as const;
const EMPTY: UserPasswordFormInput = { newPassword: '' };

/** Sets a new password for a user. Mount it per user (key). */
export function UserPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useT();
  const change = useChangeUserPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UserPasswordFormInput, unknown, UserPasswordFormOutput>({
    resolver: zodResolver(UserPasswordForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit((body) => {
    setServerError(null);
    change.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(t('users.passwordChanged'), {
            description: t('users.passwordChangedMessage', { name: user.name }),
          });
          close();
        },
        onError: (error) => {
          const message = errorMessage(error, t('users.passwordError'));
          applyServerFieldErrors(error, form.setError, FORM_FIELDS);
          setServerError(message);
          toast.error(t('common.error'), { description: message });
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !change.isPending && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('users.passwordTitle')}</DialogTitle>
          <DialogDescription>{t('users.passwordDescription', { name: user.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <FormField
            id="user-new-password"
            label={t('users.fieldNewPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.newPassword?.message}
          >
            <PasswordInput
              {...fieldAria('user-new-password', errors.newPassword?.message, true)}
              autoComplete="new-password"
              autoFocus
              {...form.register('newPassword')}
            />
          </FormField>
          <DialogFormFooter pending={change.isPending} submitLabel={t('users.submitPassword')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
