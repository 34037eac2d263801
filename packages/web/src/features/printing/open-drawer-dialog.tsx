import { OpenDrawerRequest } from '@pos/core';
import { toast } from 'sonner';
import { TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../i18n';
import { useOpenDrawer } from './printing.queries';

/**
 * "Open drawer" without a sale (issue 37): a short reason, optional, then the till's printer pulses the drawer.
 * The server records who, when, the till's shift and the reason.
 */
export function OpenDrawerDialog({ till, onClose }: { till: { id: number; name: string }; onClose: () => void }) {
  const t = useT();
  const drawer = useOpenDrawer();
  const { control, serverError, submit, fail } = useFormDialog({
    schema: OpenDrawerRequest,
    defaultValues: { reason: '' },
    serverFields: ['reason'],
    errorFallback: t('printing.drawer.error'),
  });
  const close = () => {
    if (!drawer.isPending) onClose();
  };
  const onSubmit = submit(({ reason }) =>
    drawer.mutate(
      { tillId: till.id, reason },
      {
        onSuccess: () => {
          toast.success(t('printing.drawer.opened'));
          onClose();
        },
        onError: fail,
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-md" data-testid="open-drawer-dialog">
        <DialogHeader>
          <DialogTitle>{t('printing.drawer.title')}</DialogTitle>
          <DialogDescription>{t('printing.drawer.description', { till: till.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <TextField
            control={control}
            name="reason"
            id="open-drawer-reason"
            label={t('printing.drawer.reason')}
            labelNote={t('printing.drawer.reasonNote')}
            hint={t('printing.drawer.reasonHint')}
            maxLength={200}
            autoFocus
          />
          <DialogFormFooter pending={drawer.isPending} submitLabel={t('printing.drawer.open')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
