import { CloudOff } from 'lucide-react';
import { useT } from '../../i18n';
import { useOnline } from './offline-context';

/**
 * While the browser is offline, says that this screen's action needs the network (issue 38: refunds to a card,
 * editing a sale and settings are never done offline); nothing while online.
 */
const ACTION_TEXT = {
  refund: 'offline.action.refund',
  edit: 'offline.action.edit',
  settings: 'offline.action.settings',
} as const;

export function NeedsNetworkNotice({ action }: { action: keyof typeof ACTION_TEXT }) {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="alert"
      data-testid="needs-network"
      className="flex gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden />
      {t('offline.needsNetwork', { action: t(ACTION_TEXT[action]) })}
    </p>
  );
}

/**
 * In the refund dialog while offline (issue 38): the refund is kept on this device and sent later; money back to a
 * card needs the network (`toCard`: the way chosen goes to one). Nothing while online.
 */
export function OfflineRefundNotice({ toCard }: { toCard: boolean }) {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  if (toCard) return <NeedsNetworkNotice action="refund" />;
  return (
    <p
      role="status"
      data-testid="offline-refund-notice"
      className="flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden />
      {t('offline.refund.notice')}
    </p>
  );
}
