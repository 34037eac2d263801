import { PASSWORD_MIN_LENGTH } from '@pos/core';
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
import { UserProfileFields } from './user-profile-fields';
import { CreateUserForm, type CreateUserFormInput } from './user-forms';
import { useCreateUser } from './users.queries';

const FORM_FIELDS = ['username', 'password', 'name', 'email', 'role'] as const;
const EMPTY: CreateUserFormInput = { username: '', password: '', name: '', email: '', role: 'cashier' };

/** Add user: username, password, full name, optional e-mail, role (default cashier). */
export function UserCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateUser();
  const { control, serverError, submit, fail, reset } = useFormDialog({
    schema: CreateUserForm,
    defaultValues: EMPTY,
    serverFields: FORM_FIELDS,
    codeToField: { USERNAME_TAKEN: 'username' },
    errorFallback: t('users.createError'),
    errorTitle: t('users.createErrorTitle'),
  });

  const close = () => {
    reset(EMPTY);
    create.reset();
    onClose();
  };

  const onSubmit = submit((body) => {
    create.mutate(body, {
      onSuccess: (user) => {
        toast.success(t('users.created'), { description: t('users.createdMessage', { name: user.name }) });
        close();
      },
      onError: fail,
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
          <TextField
            control={control}
            name="username"
            id="user-username"
            label={t('users.fieldUsername')}
            hint={t('users.fieldUsernameHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            control={control}
            name="password"
            id="user-password"
            label={t('users.fieldPassword')}
            hint={t('users.fieldPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            secret
            autoComplete="new-password"
          />
          <UserProfileFields idPrefix="user" control={control} />
          <DialogFormFooter pending={create.isPending} submitLabel={t('users.submitAdd')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
