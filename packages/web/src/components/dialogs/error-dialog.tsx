import { RotateCw, XCircle } from 'lucide-react';
import { useT } from '../../i18n';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../ui/dialog';

interface ErrorDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string | undefined;
  message?: string | undefined;
  /** Offered beside OK when the failure can be tried again (a load): closes the notice and retries. */
  onRetry?: (() => void) | undefined;
}

/** An error notice with an OK button. */
export function ErrorDialog({ open, onClose, title, message, onRetry }: ErrorDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent hideClose className="max-w-sm justify-items-center text-center" aria-describedby={undefined}>
        <XCircle className="size-14 text-red-600" aria-hidden />
        <DialogTitle>{title ?? t('dialogs.errorTitle')}</DialogTitle>
        {message ? <DialogDescription>{message}</DialogDescription> : null}
        <DialogFooter className="w-full sm:justify-center">
          {onRetry ? (
            <Button
              variant="outline"
              onClick={() => {
                onClose();
                onRetry();
              }}
              className="w-full sm:w-auto sm:min-w-28"
            >
              <RotateCw aria-hidden />
              {t('common.retry')}
            </Button>
          ) : null}
          <Button onClick={onClose} className="w-full sm:w-auto sm:min-w-28">
            {t('common.ok')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
