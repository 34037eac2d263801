import { useT } from '../../i18n';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';
import { Spinner } from '../ui/spinner';

/** A blocking progress notice; clicks outside and Escape do not close it. */
export function LoadingDialog({ open, message }: { open: boolean; message?: string | undefined }) {
  const t = useT();
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        dismissible={false}
        className="max-w-xs justify-items-center py-8 text-center"
        aria-describedby={undefined}
      >
        <Spinner className="size-10 text-blue-600" />
        <DialogTitle className="text-base font-medium" role="status">
          {message ?? t('dialogs.loading')}
        </DialogTitle>
      </DialogContent>
    </Dialog>
  );
}
