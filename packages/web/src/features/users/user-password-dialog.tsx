import { PASSWORD_MIN_LENGTH, type User } from '@pos/core';
import { toast } from 'sonner';
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
import { UserPasswordForm, type UserPasswordFormInput } from './user-forms';
import { useChangeUserPassword } from './users.queries';

const FORM_FIELDS = ['newPassword'] as const;
const EMPTY: UserPasswordFormInput = { newPassword: '' };

/** Sets a new password for a user. Mount it per user (key). */
export function UserPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useT();
  const change = useChangeUserPassword();
  const { control, serverError, submit, fail, reset } = useFormDialog({
    schema: UserPasswordForm,
    defaultValues: EMPTY,
    serverFields: FORM_FIELDS,
    errorFallback: t('users.passwordError'),
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = submit((body) => {
    change.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(t('users.passwordChanged'), {
            description: t('users.passwordChangedMessage', { name: user.name }),
          });
          close();
        },
        onError: fail,
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
          <TextField
            control={control}
            name="newPassword"
            id="user-new-password"
            label={t('users.fieldNewPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            secret
            autoComplete="new-password"
            autoFocus
          />
          <DialogFormFooter pending={change.isPending} submitLabel={t('users.submitPassword')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
