import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useT } from '../../i18n';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';

/** How long the success dialog stays open (spec 000 §9). */
export const SUCCESS_DIALOG_MS = 2000;

interface SuccessDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string | undefined;
  message?: string | undefined;
}

/** A success notice that closes itself after two seconds; it has no button. */
export function SuccessDialog({ open, onClose, title, message }: SuccessDialogProps) {
  const t = useT();
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, SUCCESS_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [open, onClose]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent hideClose className="max-w-sm justify-items-center text-center" aria-describedby={undefined}>
        <CheckCircle2 className="size-14 text-green-600" aria-hidden />
        <DialogTitle>{title ?? t('dialogs.successTitle')}</DialogTitle>
        {message ? <DialogDescription>{message}</DialogDescription> : null}
      </DialogContent>
    </Dialog>
  );
}
