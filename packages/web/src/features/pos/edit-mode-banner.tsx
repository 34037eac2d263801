import { can } from '@pos/core';
import { PencilLine, X } from 'lucide-react';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import type { EditModeState } from './edit-mode';
import { useSale } from './pos.queries';

/** Says clearly that the next sale replaces a refunded one (the second half of editing a sale). */
export function EditModeBanner({ edit, onCancel }: { edit: EditModeState; onCancel: () => void }) {
  const t = useT();
  const me = useCurrentUser();
  const original = useSale(can(me.role, 'reports_view') ? edit.originalSaleId : null);
  const label = original.data?.document_number ?? `#${edit.originalSaleId}`;

  return (
    <div
      role="status"
      data-testid="pos-edit-banner"
      className="mb-4 flex flex-col gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start"
    >
      <PencilLine className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{t('pos.editTitle', { number: label })}</p>
        <p className="text-sm">{t('pos.editExplain')}</p>
        {edit.reason ? <p className="text-sm">{t('pos.editReason', { reason: edit.reason })}</p> : null}
        {edit.details ? (
          <p className="text-sm whitespace-pre-line">{t('pos.editDetails', { details: edit.details })}</p>
        ) : null}
      </div>
      <Button variant="outline" className="bg-white" onClick={onCancel}>
        <X aria-hidden />
        {t('pos.editCancel')}
      </Button>
    </div>
  );
}
