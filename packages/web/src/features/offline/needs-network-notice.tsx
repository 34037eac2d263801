import { CloudOff } from 'lucide-react';
import { useT } from '../../i18n';
import { useOnline } from './offline-context';

/**
 * While the browser is offline, says that this screen's action needs the network (issue 38: refunds, editing a
 * sale and settings are never done offline); nothing while online.
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
