import type { User } from '@pos/core';
import { KeyRound, Mail, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { roleLabelKey } from '../../lib/roles';
import { roleTone } from './role-tone';

export interface UserCardPermissions {
  edit: boolean;
  remove: boolean;
}

interface UserCardProps {
  user: User;
  isSelf: boolean;
  permissions: UserCardPermissions;
  statusPending: boolean;
  deletePending: boolean;
  onToggleActive: (user: User) => void;
  onChangePassword: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** One user: name, @username, e-mail, role and status badges, and the actions the viewer may take. */
export function UserCard({
  user,
  isSelf,
  permissions,
  statusPending,
  deletePending,
  onToggleActive,
  onChangePassword,
  onEdit,
  onDelete,
}: UserCardProps) {
  const { t, intlLocale } = useI18n();
  const hasActions = permissions.edit || permissions.remove;
  const selfNoteId = `user-${user.id}-self-note`;

  return (
    <Card
      data-testid={`user-card-${user.username}`}
      className="flex w-full flex-col"
      aria-label={user.name}
      role="article"
    >
      <div className="flex items-start gap-3 p-4">
        <Avatar name={user.name} muted={!user.is_active} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="text-base leading-snug font-semibold break-words text-slate-900">{user.name}</h2>
            {isSelf ? <Badge tone="amber">{t('users.you')}</Badge> : null}
          </div>
          <p className="text-sm break-all text-slate-600">@{user.username}</p>
          {user.email ? (
            <p className="flex items-center gap-1.5 text-sm break-all text-slate-600">
              <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
              {user.email}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2 pt-1">
            <Badge tone={roleTone(user.role)}>{t(roleLabelKey(user.role))}</Badge>
            <Badge tone={user.is_active ? 'green' : 'grey'}>
              <span
                aria-hidden
                className={user.is_active ? 'size-1.5 rounded-full bg-green-600' : 'size-1.5 rounded-full bg-slate-400'}
              />
              {user.is_active ? t('users.active') : t('users.inactive')}
            </Badge>
          </div>
          <p className="pt-1 text-xs text-slate-500 tabular-nums">
            {user.last_login
              ? t('users.lastLogin', { date: formatDateTime(user.last_login, intlLocale) })
              : t('users.neverLoggedIn')}
          </p>
        </div>
      </div>

      {hasActions ? (
        <div
          role="group"
          aria-label={t('users.actions', { name: user.name })}
          className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 p-3"
        >
          {permissions.edit ? (
            <>
              <Button
                variant="outline"
                onClick={() => onToggleActive(user)}
                disabled={isSelf || statusPending}
                aria-describedby={isSelf ? selfNoteId : undefined}
                className={user.is_active ? 'text-amber-700' : 'text-green-700'}
              >
                {user.is_active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
                {user.is_active ? t('users.deactivate') : t('users.activate')}
              </Button>
              <Button variant="outline" onClick={() => onChangePassword(user)}>
                <KeyRound aria-hidden />
                {t('users.changePassword')}
              </Button>
              <Button variant="outline" onClick={() => onEdit(user)}>
                <Pencil aria-hidden />
                {t('users.edit')}
              </Button>
            </>
          ) : null}
          {permissions.remove ? (
            <Button
              variant="destructive-outline"
              onClick={() => onDelete(user)}
              disabled={isSelf || deletePending}
              aria-describedby={isSelf ? selfNoteId : undefined}
            >
              <Trash2 aria-hidden />
              {t('users.delete')}
            </Button>
          ) : null}
          {isSelf ? (
            <p id={selfNoteId} className="col-span-2 text-xs text-slate-500">
              {t('users.selfActionDisabled')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
