import { z } from 'zod';
import { normalizePhone } from '../phone';
import { msg } from '../validation';
import { ListLimit, MultiLineText, OptionalEmail, SingleLineText } from './common';
import { Sale, SaleItem } from './sales';
import { BranchNumber, TAX_BUYER_NAME_MAX_LENGTH, TaxId } from './tax-invoices';

export const CUSTOMER_NAME_MAX_LENGTH = 100;
export const CUSTOMER_ADDRESS_MAX_LENGTH = 500;
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;
export const CUSTOMER_LIST_LIMIT_MAX = 10_000;

// The customer form's message for a missing name or phone (spec 000 §5: "please fill in name and phone").
const NAME_AND_PHONE_REQUIRED = msg('customer.nameAndPhoneRequired');
const PHONE_INVALID = msg('customer.phoneInvalid');

export const CustomerName = SingleLineText(NAME_AND_PHONE_REQUIRED)
  .min(1, NAME_AND_PHONE_REQUIRED)
  .max(CUSTOMER_NAME_MAX_LENGTH, msg('text.tooLong', { label: 'customerName', max: CUSTOMER_NAME_MAX_LENGTH }));

/**
 * A phone number as typed: Thai (`081-234-5678`, `+66 81 234 5678`), stored as
 * digits (`0812345678`), or foreign with its country code (`+44 20 7946 0958`),
 * stored in E.164 (`+442079460958`).
 */
export const CustomerPhone = SingleLineText(NAME_AND_PHONE_REQUIRED)
  .min(1, NAME_AND_PHONE_REQUIRED)
  .max(30, PHONE_INVALID)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.issues.push({ code: 'custom', message: PHONE_INVALID, input: value });
      return z.NEVER;
    }
    return phone;
  });

/** Optional address: empty text means none. */
export const CustomerAddress = MultiLineText(msg('text.type', { label: 'address' }))
  .max(CUSTOMER_ADDRESS_MAX_LENGTH, msg('text.tooLong', { label: 'address', max: CUSTOMER_ADDRESS_MAX_LENGTH }))
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** Optional text: empty means none. */
const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal(''), z.null(), schema]).transform((v) => (v === '' ? null : (v as z.output<T>)));

/**
 * The tax details a regular buyer is invoiced under (issue 36): the name on invoices (a company's, when it
 * differs from the customer's), a checked 13-digit tax ID and a 5-digit branch (00000 = head office).
 */
const CustomerTaxFields = {
  tax_name: emptyAsNull(
    SingleLineText(msg('text.type', { label: 'buyerName' })).max(
      TAX_BUYER_NAME_MAX_LENGTH,
      msg('text.tooLong', { label: 'buyerName', max: TAX_BUYER_NAME_MAX_LENGTH }),
    ),
  ).optional(),
  tax_id: emptyAsNull(TaxId).optional(),
  tax_branch: emptyAsNull(BranchNumber).optional(),
};

/**
 * The fields a client may write. Loyalty points, purchase count, amount spent,
 * last purchase and join date belong to the server: they change only through
 * sales and refunds. A client that sends them (the spec's POS sends its
 * defaults on create, and its updated totals after a sale) is not refused:
 * those keys are dropped, like any unknown key, and never stored.
 */
const CUSTOMER_WRITE_DESCRIPTION =
  'Only name, phone, email, address and the tax details (tax_name, tax_id, tax_branch) are written. loyalty_points, total_purchases, total_spent, ' +
  'last_purchase and created_at (in any spelling) are owned by the server and ignored when sent.';

export const CreateCustomerRequest = z
  .object({
    name: CustomerName,
    phone: CustomerPhone,
    email: OptionalEmail,
    address: CustomerAddress,
    ...CustomerTaxFields,
  })
  .describe(CUSTOMER_WRITE_DESCRIPTION);
export type CreateCustomerRequest = z.input<typeof CreateCustomerRequest>;

/** Any subset of the writable fields; what is sent is validated as on create. */
export const UpdateCustomerRequest = CreateCustomerRequest.partial().describe(CUSTOMER_WRITE_DESCRIPTION);
export type UpdateCustomerRequest = z.input<typeof UpdateCustomerRequest>;

/** `GET /api/customers?search=`: name, e-mail or phone contains the term (phone also by its digits). */
export const ListCustomersQuery = z.object({
  search: SingleLineText(msg('text.type', { label: 'search' }))
    .max(CUSTOMER_SEARCH_MAX_LENGTH, msg('text.tooLong', { label: 'search', max: CUSTOMER_SEARCH_MAX_LENGTH }))
    .optional(),
  limit: ListLimit(CUSTOMER_LIST_LIMIT_MAX).optional(),
});
export type ListCustomersQuery = z.input<typeof ListCustomersQuery>;

/** A customer as the API answers (spec 001 §3). Money is baht; dates are ISO-8601 UTC text. */
export const Customer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The stored form: Thai digits only (0812345678) or E.164 for a foreign number (+442079460958). */
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** Tax details for full tax invoices; null when none kept. */
  tax_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_branch: z.string().nullable(),
  loyalty_points: z.number().int(),
  /** Number of purchases. */
  total_purchases: z.number().int(),
  /** Baht spent in total. */
  total_spent: z.number(),
  last_purchase: z.string().nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomersResponse = z.object({ customers: z.array(Customer) });
export const CustomerResponse = z.object({ customer: Customer });
export const DeleteCustomerResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** True when the customer had sales and was kept, hidden, so the sales keep their customer. */
  soft_deleted: z.boolean(),
});
export type DeleteCustomerResponse = z.infer<typeof DeleteCustomerResponse>;

/** One line of a sale in a customer's history: the frozen copy the sale kept. */
export const CustomerSaleItem = SaleItem.pick({
  id: true,
  product_id: true,
  product_name: true,
  sku: true,
  size: true,
  color: true,
  quantity: true,
  price: true,
  total: true,
});
export type CustomerSaleItem = z.infer<typeof CustomerSaleItem>;

/** A sale in `GET /api/customers/:id/history`: the sale read model's head, amounts in baht, newest first. */
export const CustomerSale = Sale.pick({
  id: true,
  document_number: true,
  created_at: true,
  customer_id: true,
  customer_name: true,
  subtotal: true,
  discount: true,
  tax: true,
  total: true,
  payment_method: true,
  status: true,
  points_used: true,
  points_earned: true,
}).extend({ items: z.array(CustomerSaleItem) });
export type CustomerSale = z.infer<typeof CustomerSale>;

export const CustomerHistoryResponse = z.object({ sales: z.array(CustomerSale) });
export type CustomerHistoryResponse = z.infer<typeof CustomerHistoryResponse>;
