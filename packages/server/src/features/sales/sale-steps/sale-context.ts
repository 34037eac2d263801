import type { CreateSaleRequest, CreateSaleResponse, StoredSettings } from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../../db/executor';
import type { Deps } from '../../../deps';
import type { SessionUser } from '../../auth/sessions.queries';
import type { PaidSale } from '../paid-sale';
import type { ProductForSale } from '../sales.queries';
import type { SalePolicy } from './sale-policy';

export type SaleInput = z.output<typeof CreateSaleRequest>;
export type LineInput = SaleInput['items'][number];

/** A product of the sale; `gone`: a paid sale's product removed altogether since its checkout (no stock to take). */
export type ProductOfSale = ProductForSale & { gone?: true };

/** How a sale is being recorded: at the counter, or for a card checkout (checked first, then paid). */
export interface SaleMode {
  /** 'provider': the method's provider took (or will take) the money; see assertPaymentMethodUsable. */
  via: 'counter' | 'provider';
  /** The provider's session, kept on the payment. */
  providerSessionId?: string;
  /**
   * Paid already (card money taken): nothing that changed since the checkout refuses the sale. It is
   * recorded at the checkout's prices and terms, and each refusal it would have met becomes a flag
   * (stock that ran out is taken below zero, a deleted customer keeps only the name, ...).
   */
  paid?: PaidSale;
  /** Runs in the sale's transaction once it is written (a card checkout links itself to the sale). */
  onRecorded?: (trx: DbExecutor, answer: CreateSaleResponse) => Promise<void>;
}

/** What every step of a sale reads: the request, who sells, the shop's settings and the sale's one clock reading. */
export interface SaleContext {
  trx: DbExecutor;
  deps: Pick<Deps, 'config'>;
  seller: SessionUser;
  input: SaleInput;
  mode: SaleMode;
  /** Refuse (at the counter) or flag (a paid card sale): see sale-policy.ts. */
  policy: SalePolicy;
  settings: StoredSettings;
  now: Date;
  nowIso: string;
}
