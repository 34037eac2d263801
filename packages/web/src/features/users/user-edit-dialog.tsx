import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@pos/core';
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
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { UserProfileFields } from './user-profile-fields';
import { EditUserForm, type EditUserFormInput, type EditUserFormOutput } from './user-forms';
import { useUpdateUser } from './users.queries';

const FORM_FIELDS = ['name', 'email', 'role'] as const;

function valuesOf(user: User): EditUserFormInput {
  return { name: user.name, email: user.email ?? '', role: user.role };
}

/** Edit user: name, e-mail and role; the username is shown but cannot be changed. Mount it per user (key). */
export function UserEditDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useT();
  const update = useUpdateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EditUserFormInput, unknown, EditUserFormOutput>({
    resolver: zodResolver(EditUserForm),
    defaultValues: valuesOf(user),
  });

  const close = () => {
    form.reset(valuesOf(user));
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(({ name, email, role }) => {
    setServerError(null);
    update.mutate(
      { id: user.id, body: { name, email: email ?? null, role } },
      {
        onSuccess: (saved) => {
          toast.success(t('users.updated'), { description: t('users.updatedMessage', { name: saved.name }) });
          form.reset(valuesOf(saved));
          onClose();
        },
        onError: (error) => {
          const message = errorMessage(error, t('users.updateError'));
          applyServerFieldErrors(error, form.setError, FORM_FIELDS);
          setServerError(message);
          toast.error(t('common.error'), { description: message });
        },
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
          <UserProfileFields idPrefix="edit" form={form} />
          <DialogFormFooter pending={update.isPending} submitLabel={t('users.submitEdit')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
