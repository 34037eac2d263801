import { ChangeOwnPasswordRequest, PASSWORD_MIN_LENGTH } from '@pos/core';
import { KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../i18n';
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
  const schema = useMemo(
    () =>
      ChangeOwnPasswordRequest.extend({ confirmPassword: z.string() }).refine(
        (v) => v.newPassword === v.confirmPassword,
        { path: ['confirmPassword'], message: t('account.passwordMismatch') },
      ),
    [t],
  );

  const { control, serverError, submit, fail, reset } = useFormDialog({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    serverFields: FORM_FIELDS,
    codeToField: { WRONG_CURRENT_PASSWORD: 'currentPassword' },
    errorFallback: t('account.changeError'),
  });

  const onSubmit = submit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast.success(t('account.changed'), { description: t('account.changedMessage') });
        },
        onError: fail,
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
          <TextField
            control={control}
            name="currentPassword"
            id="own-current-password"
            label={t('account.currentPassword')}
            secret
            autoComplete="current-password"
          />
          <TextField
            control={control}
            name="newPassword"
            id="own-new-password"
            label={t('account.newPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            secret
            autoComplete="new-password"
          />
          <TextField
            control={control}
            name="confirmPassword"
            id="own-confirm-password"
            label={t('account.confirmPassword')}
            secret
            autoComplete="new-password"
          />
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
