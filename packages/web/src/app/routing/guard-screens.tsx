import { homePathFor } from '@pos/core';
import { ArrowLeft, LogIn, LogOut, ShieldAlert, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useT, type MessageKey } from '../../i18n';
import { cn } from '../../lib/utils';
import { useAuth } from '../../auth/auth-context';
import { LOGIN_PATH } from './routes';
import { useGuardedSignOut } from '../../features/offline/offline-context';

const ICON_TONES = {
  blue: 'bg-blue-100 text-blue-700',
  red: 'bg-red-100 text-red-600',
  amber: 'bg-amber-100 text-amber-700',
} as const;

function GuardCard({
  icon: Icon,
  tone,
  title,
  message,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof ICON_TONES;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center p-4">
      <Card className="flex w-full max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
        <span className={cn('flex size-14 items-center justify-center rounded-full', ICON_TONES[tone])}>
          <Icon className="size-7" aria-hidden />
        </span>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="text-slate-600">{message}</p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">{children}</div>
      </Card>
    </div>
  );
}

/** Shown by a protected route when nobody is signed in. */
export function SignInRequiredScreen() {
  const t = useT();
  return (
    <GuardCard
      icon={LogIn}
      tone="blue"
      title={t('guard.signInRequiredTitle')}
      message={t('guard.signInRequiredMessage')}
    >
      <Link to={LOGIN_PATH} className={buttonClasses('primary')}>
        <LogIn aria-hidden />
        {t('guard.goToLogin')}
      </Link>
    </GuardCard>
  );
}

/** Shown when the signed-in user lacks the route's permission; offers back and sign-out. */
export function NoAccessScreen({ messageKey = 'guard.noAccessMessage' }: { messageKey?: MessageKey | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useAuth();
  const signOut = useGuardedSignOut();

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(homePathFor(user?.role), { replace: true });
  };

  return (
    <GuardCard icon={ShieldAlert} tone="red" title={t('guard.noAccessTitle')} message={t(messageKey)}>
      <Button variant="outline" onClick={goBack}>
        <ArrowLeft aria-hidden />
        {t('common.back')}
      </Button>
      <Button variant="destructive" onClick={signOut}>
        <LogOut aria-hidden />
        {t('auth.logout')}
      </Button>
    </GuardCard>
  );
}

/** Shown when a screen fails to render or its code fails to load. */
export function RouteErrorScreen() {
  const t = useT();
  return (
    <GuardCard icon={TriangleAlert} tone="amber" title={t('errors.unexpectedTitle')} message={t('errors.unexpected')}>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </GuardCard>
  );
}
