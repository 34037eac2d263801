import { zodResolver } from '@hookform/resolvers/zod';
import { homePathFor, LoginRequest } from '@pos/core';
import { Info, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useAuth } from '../../auth/auth-context';
import { StoreLogo } from '../../components/brand/store-logo';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/form/text-field';
import { Spinner } from '../../components/ui/spinner';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { sleep } from '../../lib/utils';
import { readCachedSettings, storeIdentity } from '../settings/settings.queries';
import { canSubmitLogin, POST_LOGIN_DELAY_MS } from './login-form';
import { useFirstUse, useLogin, usePublicShop } from './login.queries';

type LoginForm = z.input<typeof LoginRequest>;

export function LoginScreen() {
  const { t, locale, setLocale } = useI18n();
  const { signIn } = useAuth();
  const login = useLogin();
  const firstUse = useFirstUse();
  const finishing = useRef(false);
  // This browser's last known settings at once, then what the server says now.
  const publicShop = usePublicShop();
  const store = publicShop.data ?? storeIdentity(readCachedSettings());

  useEffect(() => {
    document.title = `${t('login.title')} | ${store.name}`;
  }, [t, store.name]);

  const form = useForm<LoginForm, unknown, z.output<typeof LoginRequest>>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const values = useWatch({ control: form.control });
  const busy = login.isPending || login.isSuccess;

  const onSubmit = form.handleSubmit((body) => {
    if (finishing.current) return;
    login.mutate(body, {
      onSuccess: async (session) => {
        finishing.current = true;
        toast.success(t('auth.loginSuccess'), { description: t('auth.welcome', { name: session.user.name }) });
        await sleep(POST_LOGIN_DELAY_MS);
        signIn({ token: session.token, user: session.user }, homePathFor(session.user.role));
      },
      onError: (error) => {
        toast.error(t('auth.loginFailed'), { description: errorMessage(error, t('auth.loginError')) });
      },
    });
  });

  const credentials = firstUse.data?.show ? firstUse.data : null;

  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-gradient-to-br from-blue-50 via-slate-50 to-emerald-50 px-4 py-10">
      <button
        type="button"
        onClick={() => setLocale(locale === 'th' ? 'en' : 'th')}
        aria-label={`${t('app.languageShort')} ${t('app.language')}`}
        className="absolute top-3 right-3 flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {t('app.languageShort')}
      </button>

      <div className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <StoreLogo logoUrl={store.logoUrl} className="size-16 rounded-2xl [&_svg]:size-8" />
          <div>
            <p className="text-2xl font-bold text-slate-900">{store.name}</p>
            <p className="text-sm text-slate-600">{t('login.subtitle')}</p>
          </div>
        </div>

        <Card className="p-6 sm:p-8">
          <h1 className="mb-5 text-xl font-semibold text-slate-900">{t('login.title')}</h1>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              control={form.control}
              name="username"
              id="login-username"
              label={t('login.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              placeholder={t('login.usernamePlaceholder')}
            />
            <TextField
              control={form.control}
              name="password"
              id="login-password"
              label={t('login.password')}
              secret
              autoComplete="current-password"
              required
              placeholder={t('login.passwordPlaceholder')}
            />
            <Button type="submit" size="lg" className="w-full" disabled={!canSubmitLogin(values, busy)}>
              {busy ? <Spinner /> : <LogIn aria-hidden />}
              {busy ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>

          {credentials ? (
            <section
              aria-labelledby="first-use-title"
              className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
            >
              <h2 id="first-use-title" className="mb-1 flex items-center gap-2 font-semibold">
                <Info className="size-4 shrink-0" aria-hidden />
                {t('login.firstUseTitle')}
              </h2>
              <p className="tabular-nums">{t('login.firstUseUsername', { username: credentials.username ?? '' })}</p>
              <p className="tabular-nums">{t('login.firstUsePassword', { password: credentials.password ?? '' })}</p>
              <p className="mt-1 text-amber-800">{t('login.firstUseHint')}</p>
            </section>
          ) : null}
        </Card>
      </div>
    </main>
  );
}
