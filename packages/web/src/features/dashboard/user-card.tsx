import { can, type User } from '@pos/core';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Avatar } from '../../components/ui/avatar';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { roleLabelKey } from '../../lib/roles';

/** Spec 000: who is signed in, their role and last sign-in, and a way to the users screen for those who may. */
export function UserCard({ user }: { user: User }) {
  const { t, intlLocale } = useI18n();
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <Avatar name={user.name} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{user.name}</p>
          <p className="text-sm text-slate-600">{t(roleLabelKey(user.role))}</p>
          <p className="text-xs text-slate-500">
            {user.last_login
              ? t('dashboard.userLastLogin', { time: formatDateTime(user.last_login, intlLocale) })
              : t('dashboard.userJustLoggedIn')}
          </p>
        </div>
      </div>
      {can(user.role, 'users_view') ? (
        <Link to="/users" className={buttonClasses('outline', 'md', 'w-full')}>
          <Users aria-hidden />
          {t('dashboard.manageUsers')}
        </Link>
      ) : null}
    </Card>
  );
}
