import { AppError, notFound } from '../../../http/app-error';
import { lockSale, replaceableDocumentNumber } from '../sales.queries';
import type { SaleContext } from './sale-context';

export interface Replacement {
  replacesSaleId: number | null;
  replacesDocumentNumber: string | null;
}

/**
 * Step, the first of the sale's locks (a sale is locked before anything else by its refunds too, so the
 * two never wait on each other in a circle): the sale an edit replaces, an existing sale refunded whole
 * for editing and not replaced yet. Of concurrent replacements (on any server process) one records and
 * each other then finds it replaced: 409 SALE_NOT_REPLACEABLE, never the replacement index's duplicate
 * key (a 500). A paid card sale is recorded without the link, flagged.
 */
export async function lockReplacedSale({ trx, input, policy }: SaleContext): Promise<Replacement> {
  const none = { replacesSaleId: null, replacesDocumentNumber: null };
  if (!input.replacesSaleId) return none;
  try {
    if (!(await lockSale(trx, input.replacesSaleId))) throw notFound('SALE_NOT_FOUND');
    const documentNumber = await replaceableDocumentNumber(trx, input.replacesSaleId);
    if (documentNumber === undefined) throw new AppError({ status: 409, code: 'SALE_NOT_REPLACEABLE' });
    return { replacesSaleId: input.replacesSaleId, replacesDocumentNumber: documentNumber };
  } catch (err) {
    policy.refuse(err, { reason: 'replacement_invalid' });
    return none;
  }
}
