import { Trash2 } from 'lucide-react';
import { useT } from '../../i18n';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog';

interface DeleteConfirmDialogProps {
  open: boolean;
  onAnswer: (confirmed: boolean) => void;
  title?: string | undefined;
  message?: string | undefined;
  confirmLabel?: string | undefined;
}

/** Asks before deleting; the default title is "ยืนยันการลบ". */
export function DeleteConfirmDialog({ open, onAnswer, title, message, confirmLabel }: DeleteConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <AlertDialogContent>
        <AlertDialogHeader className="flex-row items-start gap-3 pr-0">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
            <Trash2 className="size-5" aria-hidden />
          </span>
          <div className="space-y-1">
            <AlertDialogTitle>{title ?? t('dialogs.deleteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{message ?? t('dialogs.deleteMessage')}</AlertDialogDescription>
          </div>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => onAnswer(false)}>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={() => onAnswer(true)}>
            {confirmLabel ?? t('common.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
