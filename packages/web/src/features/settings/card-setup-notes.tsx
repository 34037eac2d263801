import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import type { SettingsControl } from './settings-form';

export interface CardServerSetup {
  /** STRIPE_SECRET_KEY is set on the server. */
  secret: boolean;
  /** STRIPE_WEBHOOK_SECRET is set on the server. */
  webhook: boolean;
}

/** What stands between the card switch and a working card payment, worst first (spec 001 payment warnings). */
export function cardSetupWarnings(server: CardServerSetup, publishableKey: string): MessageKey[] {
  const warnings: MessageKey[] = [];
  if (!server.secret) warnings.push('settings.payment.secretMissing');
  if (!publishableKey.startsWith('pk_')) warnings.push('settings.payment.publishableKeyMissing');
  if (server.secret && !server.webhook) warnings.push('settings.payment.webhookMissing');
  return warnings;
}

/** Shown while card is switched on: whether the server and the key are ready, in plain Thai. */
export function CardSetupNotes({ control, server }: { control: SettingsControl; server: CardServerSetup }) {
  const t = useT();
  const key = useWatch({ control, name: 'settings.payment.stripePublishableKey' });
  const warnings = cardSetupWarnings(server, typeof key === 'string' ? key.trim() : '');
  if (warnings.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="card-setup-ready">
        <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-hidden />
        {t('settings.payment.cardReady')}
      </p>
    );
  }
  return (
    <div
      role="status"
      aria-label={t('settings.payment.cardWarnings')}
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <ul className="grid gap-1.5">
        {warnings.map((key) => (
          <li key={key} className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
