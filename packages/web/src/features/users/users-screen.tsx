import { can, type User } from '@pos/core';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { UserCard } from './user-card';
import { UserCreateDialog } from './user-create-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { UserPasswordDialog } from './user-password-dialog';
import { useDeleteUser, useSetUserActive, useUsers } from './users.queries';

type OpenDialog = { kind: 'edit'; user: User } | { kind: 'password'; user: User } | null;

const GRID = 'grid gap-4 md:grid-cols-2 2xl:grid-cols-3';

function UsersSkeleton() {
  return (
    <div className={GRID} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="space-y-3 p-4">
          <div className="flex gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** User management (spec 001 "User management (/users)"). */
export function UsersScreen() {
  const t = useT();
  const me = useCurrentUser();
  const dialogs = useDialogs();
  const users = useUsers();
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const [createOpen, setCreateOpen] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);

  const permissions = {
    create: can(me.role, 'users_create'),
    edit: can(me.role, 'users_edit'),
    remove: can(me.role, 'users_delete'),
  };

  const loadError = users.isError ? errorMessage(users.error, t('users.loadError')) : null;
  useLoadErrorToast(loadError, users.errorUpdatedAt);

  const toggleActive = (user: User) => {
    const isActive = !user.is_active;
    setActive.mutate(
      { id: user.id, isActive },
      {
        onSuccess: (saved) => {
          if (saved.is_active) {
            toast.success(t('users.activated'), { description: t('users.activatedMessage', { name: saved.name }) });
          } else {
            toast.success(t('users.deactivated'), { description: t('users.deactivatedMessage', { name: saved.name }) });
          }
        },
        onError: (error) => {
          toast.error(t('common.error'), { description: errorMessage(error, t('users.statusError')) });
        },
      },
    );
  };

  const confirmDelete = async (user: User) => {
    const confirmed = await dialogs.confirmDelete({ message: t('users.deleteConfirm', { name: user.name }) });
    if (!confirmed) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.success(t('users.deleted'), { description: t('users.deletedMessage', { name: user.name }) });
      },
      onError: (error) => {
        toast.error(t('common.error'), { description: errorMessage(error, t('users.deleteError')) });
      },
    });
  };

  const addButton = permissions.create ? (
    <Button onClick={() => setCreateOpen(true)}>
      <UserPlus aria-hidden />
      {t('users.add')}
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title={t('users.title')}
        description={
          users.isSuccess && users.data.length > 0
            ? t('users.count', { count: users.data.length })
            : t('users.subtitle')
        }
        actions={addButton}
      />
      <QueryStates
        query={users}
        loading={<UsersSkeleton />}
        errorTitle={t('users.loadErrorTitle')}
        errorMessage={loadError ?? undefined}
        empty={<EmptyState title={t('users.emptyTitle')} message={t('users.emptyMessage')} action={addButton} />}
      >
        {(list) => (
          <ul className={GRID}>
            {list.map((user) => (
              <li key={user.id} className="flex">
                <UserCard
                  user={user}
                  isSelf={user.id === me.id}
                  permissions={{ edit: permissions.edit, remove: permissions.remove }}
                  statusPending={setActive.isPending && setActive.variables?.id === user.id}
                  deletePending={remove.isPending && remove.variables === user.id}
                  onToggleActive={toggleActive}
                  onChangePassword={(u) => setOpen({ kind: 'password', user: u })}
                  onEdit={(u) => setOpen({ kind: 'edit', user: u })}
                  onDelete={(u) => void confirmDelete(u)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>

      {permissions.create ? <UserCreateDialog open={createOpen} onClose={() => setCreateOpen(false)} /> : null}
      {open?.kind === 'edit' ? (
        <UserEditDialog key={`edit-${open.user.id}`} user={open.user} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'password' ? (
        <UserPasswordDialog key={`password-${open.user.id}`} user={open.user} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
