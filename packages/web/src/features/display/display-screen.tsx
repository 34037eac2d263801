import { zodResolver } from '@hookform/resolvers/zod';
import { PairDisplayRequest } from '@pos/core';
import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../components/form/text-field';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { CustomerDisplayView } from './display-view';
import { readDisplayKey, useDisplayFeed, usePairDisplay, writeDisplayKey } from './display.queries';

/**
 * `/display` (issue 37): a screen facing the customer. Unpaired, it asks for the code the till shows; paired, it
 * follows that till. It needs no sign-in and shows nothing of the shop beyond its name, logo and the till's cart.
 */
export function DisplayScreen() {
  const t = useT();
  const [key, setKey] = useState<string | null>(() => readDisplayKey());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('display.pageTitle');
  }, [t]);
  if (key === null) {
    return (
      <PairForm
        notice={notice}
        onPaired={(token) => {
          writeDisplayKey(token);
          setNotice(null);
          setKey(token);
        }}
      />
    );
  }
  return (
    <Following
      token={key}
      onUnpaired={() => {
        writeDisplayKey(null);
        setNotice(t('display.unpaired'));
        setKey(null);
      }}
    />
  );
}

function Following({ token, onUnpaired }: { token: string; onUnpaired: () => void }) {
  const t = useT();
  const feed = useDisplayFeed(token);
  useEffect(() => {
    if (feed.status === 'unpaired') onUnpaired();
  }, [feed.status, onUnpaired]);
  if (feed.status === 'live') return <CustomerDisplayView view={feed.view} notice={null} />;
  if (feed.status === 'reconnecting' && feed.view) {
    return <CustomerDisplayView view={feed.view} notice={t('display.reconnecting')} />;
  }
  return (
    <main className="flex min-h-dvh items-center justify-center gap-3 bg-slate-50 text-lg text-slate-700" role="status">
      <Spinner /> {feed.status === 'reconnecting' ? t('display.reconnecting') : t('display.connecting')}
    </main>
  );
}

type PairFormValues = z.input<typeof PairDisplayRequest>;

function PairForm({ notice, onPaired }: { notice: string | null; onPaired: (token: string) => void }) {
  const t = useT();
  const pair = usePairDisplay();
  const form = useForm<PairFormValues, unknown, z.output<typeof PairDisplayRequest>>({
    resolver: zodResolver(PairDisplayRequest),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit((values) =>
    pair.mutate(values.code, { onSuccess: (answer) => onPaired(answer.token) }),
  );
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <form
        onSubmit={(event) => void submit(event)}
        className="w-full max-w-sm space-y-4 rounded-xl bg-white p-6 shadow-sm"
        aria-labelledby="display-pair-title"
        noValidate
      >
        <div className="flex items-center gap-3">
          <MonitorSmartphone className="size-8 text-blue-700" aria-hidden />
          <h1 id="display-pair-title" className="text-xl font-semibold">
            {t('display.pairTitle')}
          </h1>
        </div>
        <p className="text-sm text-slate-600">{t('display.pairHint')}</p>
        {notice ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {notice}
          </p>
        ) : null}
        <TextField
          control={form.control}
          name="code"
          id="display-pair-code"
          label={t('display.pairCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          className="text-center text-2xl tracking-widest"
        />
        {pair.isError ? <ErrorAlert>{errorMessage(pair.error, t('display.pairError'))}</ErrorAlert> : null}
        <Button type="submit" className="w-full" disabled={pair.isPending}>
          {pair.isPending ? <Spinner /> : null}
          {pair.isPending ? t('display.pairing') : t('display.pairSubmit')}
        </Button>
      </form>
    </main>
  );
}
