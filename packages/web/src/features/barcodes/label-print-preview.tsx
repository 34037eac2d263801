import { Printer } from 'lucide-react';
import type { BarcodeLabelSettings } from '../../components/barcode/label-settings';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT } from '../../i18n';
import type { SheetLabel } from './label-selection';
import { PaperPreview, PrintSheet } from './label-sheet';

interface LabelPrintPreviewProps {
  open: boolean;
  onClose: () => void;
  labels: readonly SheetLabel[];
  perRow: number;
  settings: BarcodeLabelSettings;
  onPrint: () => void;
  canPrint: boolean;
}

/** "ตัวอย่างก่อนพิมพ์": the A4 sheet as it will print, with its own print button and count (spec 001). */
export function LabelPrintPreview({
  open,
  onClose,
  labels,
  perRow,
  settings,
  onPrint,
  canPrint,
}: LabelPrintPreviewProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t('barcodes.previewTitle')}</DialogTitle>
          <DialogDescription>{t('barcodes.previewDescription', { perRow, count: labels.length })}</DialogDescription>
        </DialogHeader>
        {open ? <PaperPreview labels={labels} perRow={perRow} settings={settings} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          {canPrint ? (
            <Button onClick={onPrint} disabled={labels.length === 0}>
              <Printer aria-hidden />
              {t('barcodes.printNow', { count: labels.length })}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
      {open ? <PrintSheet labels={labels} perRow={perRow} settings={settings} /> : null}
    </Dialog>
  );
}
