import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-context';
import { StoreLogo } from '../../components/brand/store-logo';
import { useT } from '../../i18n';
import { readCachedSettings, storeIdentity } from '../settings/settings.queries';
import { ChangeOwnPasswordDialog } from './change-own-password-dialog';

/**
 * All a user whose password must change gets: the store's name and logo (from
 * the copy kept in this browser, as on the sign-in screen) and the change form.
 */
export function ForcedPasswordChangeScreen() {
  const t = useT();
  const { signOut } = useAuth();
  const store = storeIdentity(readCachedSettings());

  useEffect(() => {
    document.title = `${t('account.mustChangeTitle')} | ${store.name}`;
  }, [t, store.name]);

  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-br from-blue-50 via-slate-50 to-emerald-50 px-4 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <StoreLogo logoUrl={store.logoUrl} className="size-16 rounded-2xl [&_svg]:size-8" />
        <p className="text-2xl font-bold text-slate-900">{store.name}</p>
      </div>
      <ChangeOwnPasswordDialog onSignOut={() => void signOut()} />
    </main>
  );
}
