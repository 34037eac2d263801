import { etaxXml } from './etax-xml';
import type { TaxDocument } from './tax-document';
import { taxDocumentPdf } from './tax-document-pdf';

export interface TaxDocumentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A document's ETDA XML and its PDF/A-3 with that XML inside: what the buyer gets and the API serves. */
export async function taxDocumentFiles(doc: TaxDocument): Promise<{ xml: TaxDocumentFile; pdf: TaxDocumentFile }> {
  const xmlText = etaxXml(doc);
  const xmlName = `${doc.number}.xml`;
  const pdf = await taxDocumentPdf(doc, { xml: { name: xmlName, content: xmlText } });
  return {
    xml: { filename: xmlName, contentType: 'application/xml', content: Buffer.from(xmlText, 'utf8') },
    pdf: { filename: `${doc.number}.pdf`, contentType: 'application/pdf', content: pdf },
  };
}
