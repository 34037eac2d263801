import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeOwnPasswordRequest, PASSWORD_MIN_LENGTH } from '@pos/core';
import { KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { useChangeOwnPassword } from './account.queries';

const FORM_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Asks a user on the first-use password, or on one an admin set, to choose their own. The
 * server refuses everything else until then, so it cannot be dismissed (clicking outside,
 * Escape); the only way out is signing out.
 */
export function ChangeOwnPasswordDialog({ onSignOut }: { onSignOut: () => void }) {
  const t = useT();
  const change = useChangeOwnPassword();
  const [serverError, setServerError] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      ChangeOwnPasswordRequest.extend({ confirmPassword: z.string() }).refine(
        (v) => v.newPassword === v.confirmPassword,
        { path: ['confirmPassword'], message: t('account.passwordMismatch') },
      ),
    [t],
  );

  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setServerError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('account.changed'), { description: t('account.changedMessage') });
        },
        onError: (error) => {
          const message = errorMessage(error, t('account.changeError'));
          applyServerFieldErrors(error, form.setError, FORM_FIELDS, { WRONG_CURRENT_PASSWORD: 'currentPassword' });
          setServerError(message);
          toast.error(t('common.error'), { description: message });
        },
      },
    );
  });

  return (
    <Dialog open>
      <DialogContent hideClose dismissible={false} className="max-w-md">
        <DialogHeader className="pr-0">
          <span className="mb-1 flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <KeyRound className="size-5" aria-hidden />
          </span>
          <DialogTitle>{t('account.mustChangeTitle')}</DialogTitle>
          <DialogDescription>{t('account.mustChangeMessage')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <FormField
            id="own-current-password"
            label={t('account.currentPassword')}
            error={errors.currentPassword?.message}
          >
            <PasswordInput
              {...fieldAria('own-current-password', errors.currentPassword?.message)}
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          </FormField>
          <FormField
            id="own-new-password"
            label={t('account.newPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.newPassword?.message}
          >
            <PasswordInput
              {...fieldAria('own-new-password', errors.newPassword?.message, true)}
              autoComplete="new-password"
              {...form.register('newPassword')}
            />
          </FormField>
          <FormField
            id="own-confirm-password"
            label={t('account.confirmPassword')}
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              {...fieldAria('own-confirm-password', errors.confirmPassword?.message)}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </FormField>
          <DialogFormFooter
            pending={change.isPending}
            submitLabel={t('account.submit')}
            onCancel={onSignOut}
            cancelLabel={t('auth.logout')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
