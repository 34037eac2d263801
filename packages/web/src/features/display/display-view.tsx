import { formatBaht, type DisplayView } from '@pos/core';
import { useEffect, useRef } from 'react';
import { QrCodeImage } from '../../components/qr-code';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';

/** The screen the customer sees: the shop, then the cart as it grows, the QR at payment, the thanks with change. */
export function CustomerDisplayView({ view, notice }: { view: DisplayView; notice: string | null }) {
  const t = useT();
  const { state, shop } = view;
  const listEnd = useRef<HTMLLIElement>(null);
  // The newest line stays in sight as lines are added.
  // A block body: scrollIntoView returns a promise in newer browsers, which React would take for a clean-up.
  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [state.lines.length]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-8">
        {shop.logoUrl ? <img src={shop.logoUrl} alt="" className="size-12 rounded-lg object-contain" /> : null}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold sm:text-2xl">{shop.storeName}</h1>
          <p className="text-sm text-slate-600">{t('display.till', { name: view.till.name })}</p>
        </div>
      </header>
      {notice ? (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
          {notice}
        </p>
      ) : null}

      {state.phase === 'idle' ? (
        <main className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
          <p className="text-4xl font-semibold sm:text-6xl">{t('display.welcome')}</p>
          <p className="text-xl text-slate-600 sm:text-2xl">{shop.storeName}</p>
        </main>
      ) : state.phase === 'thanks' ? (
        <main
          className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center"
          data-testid="display-thanks"
        >
          <p className="text-4xl font-semibold text-emerald-700 sm:text-6xl">{t('display.thanks')}</p>
          {state.change !== null && state.change > 0 ? (
            <p className="text-2xl sm:text-4xl">
              {t('display.change')} <span className="font-semibold tabular-nums">{formatBaht(state.change)}</span>
            </p>
          ) : null}
          {state.pointsEarned > 0 ? (
            <p className="text-lg text-slate-700 sm:text-xl">
              {t('display.pointsEarnedThanks', { points: state.pointsEarned.toLocaleString('th-TH') })}
            </p>
          ) : null}
        </main>
      ) : (
        <main className="grid flex-1 gap-4 p-4 sm:p-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section
            aria-label={t('display.cartLabel')}
            className="min-h-0 overflow-y-auto rounded-xl bg-white p-4 shadow-sm"
          >
            <ul className="divide-y divide-slate-100" data-testid="display-lines">
              {state.lines.map((line, i) => (
                <li
                  key={i}
                  ref={i === state.lines.length - 1 ? listEnd : undefined}
                  className="flex items-baseline gap-3 py-3"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-lg font-medium break-words">{line.name}</p>
                    {line.detail ? <p className="text-sm text-slate-600">{line.detail}</p> : null}
                  </div>
                  <span className="shrink-0 text-slate-600 tabular-nums">
                    {t('display.quantity', { count: line.quantity })}
                  </span>
                  <span className="shrink-0 text-lg font-semibold tabular-nums">{formatBaht(line.total)}</span>
                </li>
              ))}
            </ul>
          </section>
          <aside className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
            <dl className="space-y-1 text-lg">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('display.subtotal')}</dt>
                <dd className="tabular-nums">{formatBaht(state.subtotal)}</dd>
              </div>
              {state.discount > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t('display.discount')}</dt>
                  <dd className="tabular-nums">−{formatBaht(state.discount)}</dd>
                </div>
              ) : null}
              <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2">
                <dt className="text-xl font-semibold">{t('display.total')}</dt>
                <dd className="text-4xl font-bold whitespace-nowrap tabular-nums" data-testid="display-total">
                  {formatBaht(state.total)}
                </dd>
              </div>
            </dl>
            {state.pointsEarned > 0 ? (
              <p className="text-emerald-800">
                {t('display.pointsEarned', { points: state.pointsEarned.toLocaleString('th-TH') })}
              </p>
            ) : null}
            {state.phase === 'payment' && state.payment ? (
              <div className={cn('flex flex-col items-center gap-2 text-center')} data-testid="display-payment">
                {view.promptpayPayload ? (
                  <>
                    <p className="text-lg font-semibold">{t('display.scanToPay')}</p>
                    <QrCodeImage
                      payload={view.promptpayPayload}
                      label={t('display.qrLabel', { amount: formatBaht(state.payment.amount) })}
                    />
                  </>
                ) : (
                  <p className="text-lg">
                    {t('display.payBy', { method: t(PAYMENT_METHOD_LOOK[state.payment.method].label) })}
                  </p>
                )}
              </div>
            ) : null}
          </aside>
        </main>
      )}
    </div>
  );
}
