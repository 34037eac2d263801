import { XCircle } from 'lucide-react';
import { useT } from '../../i18n';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../ui/dialog';

interface ErrorDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string | undefined;
  message?: string | undefined;
}

/** An error notice with an OK button. */
export function ErrorDialog({ open, onClose, title, message }: ErrorDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent hideClose className="max-w-sm justify-items-center text-center" aria-describedby={undefined}>
        <XCircle className="size-14 text-red-600" aria-hidden />
        <DialogTitle>{title ?? t('dialogs.errorTitle')}</DialogTitle>
        {message ? <DialogDescription>{message}</DialogDescription> : null}
        <DialogFooter className="w-full sm:justify-center">
          <Button onClick={onClose} className="w-full sm:w-auto sm:min-w-28">
            {t('common.ok')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
