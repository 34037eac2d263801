import { FileCode, FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import { taxInvoiceApi } from './tax-invoice.queries';

type FileKind = 'pdf' | 'xml';

/**
 * An e-Tax document's files from the server (a full invoice's, or a credit note's): the PDF/A-3 the buyer is
 * e-mailed (opened in the browser's viewer, a download when a pop-up is blocked) and the ETDA XML (a download),
 * for a buyer who asks for them again. `documentPath` from taxDocumentPath; `number` names the files.
 */
export function TaxInvoiceFiles({ documentPath, number }: { documentPath: string; number: string }) {
  const t = useT();
  const [opening, setOpening] = useState<FileKind | null>(null);

  const open = async (kind: FileKind) => {
    setOpening(kind);
    try {
      const file = await taxInvoiceApi.file(documentPath, kind);
      const name = `${number}.${kind}`;
      if (kind === 'pdf') {
        const url = URL.createObjectURL(file);
        if (!window.open(url, '_blank')) downloadBlob(name, file);
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        downloadBlob(name, file);
      }
    } catch (error) {
      toast.error(t('taxInvoice.fileError'), { description: errorMessage(error, t('taxInvoice.fileError')) });
    } finally {
      setOpening(null);
    }
  };

  return (
    <div role="group" aria-label={t('taxInvoice.filesLabel')} className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={opening !== null} onClick={() => void open('pdf')}>
        {opening === 'pdf' ? <Spinner /> : <FileDown aria-hidden />}
        {t('taxInvoice.filePdf')}
      </Button>
      <Button variant="outline" disabled={opening !== null} onClick={() => void open('xml')}>
        {opening === 'xml' ? <Spinner /> : <FileCode aria-hidden />}
        {t('taxInvoice.fileXml')}
      </Button>
    </div>
  );
}
