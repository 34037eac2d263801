import type { User } from '@pos/core';
import { toast } from 'sonner';
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
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n';
import { UserProfileFields } from './user-profile-fields';
import { EditUserForm, type EditUserFormInput } from './user-forms';
import { useUpdateUser } from './users.queries';

const FORM_FIELDS = ['name', 'email', 'role'] as const;

function valuesOf(user: User): EditUserFormInput {
  return { name: user.name, email: user.email ?? '', role: user.role };
}

/** Edit user: name, e-mail and role; the username is shown but cannot be changed. Mount it per user (key). */
export function UserEditDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useT();
  const update = useUpdateUser();
  const { control, serverError, submit, fail, reset } = useFormDialog({
    schema: EditUserForm,
    defaultValues: valuesOf(user),
    serverFields: FORM_FIELDS,
    errorFallback: t('users.updateError'),
  });

  const close = () => {
    reset(valuesOf(user));
    onClose();
  };

  const onSubmit = submit(({ name, email, role }) => {
    update.mutate(
      { id: user.id, body: { name, email: email ?? null, role } },
      {
        onSuccess: (saved) => {
          toast.success(t('users.updated'), { description: t('users.updatedMessage', { name: saved.name }) });
          reset(valuesOf(saved));
          onClose();
        },
        onError: fail,
      },
    );
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !update.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('users.editTitle')}</DialogTitle>
          <DialogDescription>{t('users.editDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <FormField id="edit-username" label={t('users.fieldUsername')} hint={t('users.fieldUsernameReadOnly')}>
            <Input {...fieldAria('edit-username', undefined, true)} value={user.username} readOnly />
          </FormField>
          <UserProfileFields idPrefix="edit" control={control} />
          <DialogFormFooter pending={update.isPending} submitLabel={t('users.submitEdit')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
