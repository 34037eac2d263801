import { Tv } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useDisplayCode, useUnpairDisplays } from '../display/display.queries';
import { setSyncsCustomerDisplay } from './customer-display-sync';

/**
 * "จอลูกค้า" at the till (issue 37): a pairing code for a customer display, which this browser then keeps up to
 * date; or every display of the till unpaired.
 */
export function CustomerDisplayButton({
  till,
  onSyncChange,
}: {
  till: { id: number; name: string };
  onSyncChange: (syncing: boolean) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="shrink-0"
        onClick={() => setOpen(true)}
        data-testid="customer-display-button"
      >
        <Tv aria-hidden />
        {t('display.tillButton')}
      </Button>
      {open ? <CodeDialog till={till} onSyncChange={onSyncChange} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CodeDialog({
  till,
  onSyncChange,
  onClose,
}: {
  till: { id: number; name: string };
  onSyncChange: (syncing: boolean) => void;
  onClose: () => void;
}) {
  const t = useT();
  const code = useDisplayCode();
  const unpair = useUnpairDisplays();
  const ask = () =>
    code.mutate(till.id, {
      onSuccess: () => {
        setSyncsCustomerDisplay(till.id);
        onSyncChange(true);
      },
    });
  // A code as soon as the dialog opens.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  useEffect(ask, []);
  const url = `${window.location.origin}/display`;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md" data-testid="customer-display-dialog">
        <DialogHeader>
          <DialogTitle>{t('display.tillDialogTitle', { till: till.name })}</DialogTitle>
          <DialogDescription>{t('display.tillDialogDescription', { url })}</DialogDescription>
        </DialogHeader>
        {code.isError ? <ErrorAlert>{errorMessage(code.error, t('display.tillCodeError'))}</ErrorAlert> : null}
        {code.data ? (
          <div className="flex flex-col items-center gap-1 py-2">
            <p className="text-sm text-slate-600">{t('display.tillCodeLabel')}</p>
            <p
              className="font-mono text-5xl font-bold tracking-[0.3em] tabular-nums"
              data-testid="customer-display-code"
              aria-live="polite"
            >
              {code.data.code}
            </p>
            <p className="text-sm text-slate-600">
              {t('display.tillCodeExpires', { time: formatDateTime(code.data.expiresAt) })}
            </p>
          </div>
        ) : code.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : null}
        <DialogFooter className="flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={unpair.isPending}
            onClick={() =>
              unpair.mutate(till.id, {
                onSuccess: () => {
                  setSyncsCustomerDisplay(null);
                  onSyncChange(false);
                  toast.success(t('display.tillUnpaired'));
                  onClose();
                },
                onError: (error) => toast.error(errorMessage(error, t('display.tillCodeError'))),
              })
            }
          >
            {t('display.tillUnpair')}
          </Button>
          <Button variant="outline" disabled={code.isPending} onClick={ask}>
            {t('display.tillNewCode')}
          </Button>
          <Button autoFocus onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
