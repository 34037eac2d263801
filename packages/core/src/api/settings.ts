import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { HEAD_OFFICE_BRANCH, isBranchNumber } from '../thai-tax-id';
import { grouped, msg, type ValidationLabel } from '../validation';
import { Flag, MultiLineText, OptionalEmail, SingleLineText, type TextKind } from './common';
import { PrinterList, PrinterView, PRINTER_LANGUAGES, PRINTER_TYPES, TillPrinters } from './printing';

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'promptpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A sale paid by several methods (the shop's allowMultiplePaymentMethods): its parts are its payments. */
export const SPLIT_PAYMENT = 'split';
/** How a sale was paid: one method, or split between several (each part one of PAYMENT_METHODS). */
export const SALE_PAYMENT_METHODS = [...PAYMENT_METHODS, SPLIT_PAYMENT] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/**
 * The default method as browsers send it: a name, or 1/2/3 for cash, card and
 * PromptPay; "stripe" is the card provider's name for card (spec 000 §5).
 */
export const DefaultPaymentMethod = z
  .enum(['cash', 'card', 'transfer', 'promptpay', 'stripe', '1', '2', '3'], {
    error: msg('settings.defaultPaymentMethodInvalid'),
  })
  .transform((v): PaymentMethod => {
    if (v === '1') return 'cash';
    if (v === '2' || v === 'stripe') return 'card';
    if (v === '3') return 'promptpay';
    return v;
  });

const baht = (label: ValidationLabel, max: number) =>
  z.coerce
    .number({ error: msg('number.type', { label }) })
    .min(0, msg('number.nonNegative', { label }))
    .max(max, msg('number.max', { label, max: grouped(max) }))
    .refine(hasAtMostTwoDecimals, msg('money.decimals', { label }));

const optionalText = (max: number, label: ValidationLabel, kind: TextKind = 'single-line') =>
  (kind === 'single-line' ? SingleLineText : MultiLineText)(msg('text.type', { label }))
    .max(max, msg('text.tooLong', { label, max }))
    .nullish()
    .transform((v) => v ?? '');

/** A code of `digits` digits, or empty for none. */
const digitsOrEmpty = (digits: number, label: ValidationLabel) =>
  SingleLineText(msg('value.invalid', { label }))
    .refine((v) => v === '' || new RegExp(`^\\d{${digits}}$`).test(v), msg('value.invalid', { label }))
    .nullish()
    .transform((v) => v ?? '');

/** A PromptPay id: a Thai mobile number, a 13-digit national/tax id or a 15-digit e-wallet id. */
export const PromptPayId = SingleLineText(msg('text.type', { label: 'promptPayId' }))
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(
    (v) => v === '' || /^0\d{9}$/.test(v) || /^\d{13}$/.test(v) || /^\d{15}$/.test(v),
    msg('settings.promptPayIdInvalid'),
  );

export const POS_REGISTRATION_NUMBER_MAX = 30;

/**
 * The number the Revenue Department gives a registered POS machine, printed on
 * short tax invoices. Its format differs between approvals (letters, digits,
 * dashes, slashes), so only its length and characters are checked.
 */
export const PosRegistrationNumber = SingleLineText(msg('text.type', { label: 'posNumber' }))
  .max(POS_REGISTRATION_NUMBER_MAX, msg('text.tooLong', { label: 'posNumber', max: POS_REGISTRATION_NUMBER_MAX }))
  .regex(/^[A-Za-z0-9 ./-]*$/, msg('settings.posNumberChars'))
  .nullish()
  .transform((v) => v ?? '');

/**
 * One setting, declared once: how `PUT /api/settings` takes it (`input`), how the settings answers show it
 * (`view`) and its value on a fresh install (`fallback`). The groups' input schemas, view schemas and
 * DEFAULT_SETTINGS are all derived from the tables below (issue 33: adding a setting was 3 places here).
 */
interface SettingField<I extends z.ZodType, V extends z.ZodType> {
  input: I;
  view: V;
  fallback: z.output<I>;
}
const setting = <I extends z.ZodType, V extends z.ZodType>(
  input: I,
  view: V,
  fallback: z.output<I>,
): SettingField<I, V> => ({ input, view, fallback });

/** A field the answers show that no request sets (worked out by the server, or a second name of another). */
interface ShownField<V extends z.ZodType> {
  input: null;
  view: V;
}
const shown = <V extends z.ZodType>(view: V): ShownField<V> => ({ input: null, view });

type Fields = Readonly<Record<string, SettingField<z.ZodType, z.ZodType> | ShownField<z.ZodType>>>;
type Settable<F extends Fields> = { [K in keyof F as F[K] extends { input: z.ZodType } ? K : never]: F[K] };
type InputShape<F extends Fields> = { [K in keyof Settable<F>]: Settable<F>[K] extends { input: infer I } ? I : never };
type ViewShape<F extends Fields> = { [K in keyof F]: F[K]['view'] };
type Defaults<F extends Fields> = { [K in keyof InputShape<F>]: z.output<InputShape<F>[K]> };

const settableEntries = (fields: Fields) =>
  Object.entries(fields).flatMap(([key, field]) => (field.input === null ? [] : [[key, field] as const]));
const inputsOf = <F extends Fields>(fields: F) =>
  z.object(Object.fromEntries(settableEntries(fields).map(([key, field]) => [key, field.input])) as InputShape<F>);
const viewsOf = <F extends Fields>(fields: F) =>
  z.object(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.view])) as ViewShape<F>);
const defaultsOf = <F extends Fields>(fields: F) =>
  Object.fromEntries(settableEntries(fields).map(([key, field]) => [key, field.fallback])) as Defaults<F>;

export const DEFAULT_STORE_NAME = 'Universal POS';

const SYSTEM_FIELDS = {
  storeName: setting(
    SingleLineText(msg('settings.storeNameRequired'))
      .min(1, msg('settings.storeNameRequired'))
      .max(100, msg('text.tooLong', { label: 'storeName', max: 100 })),
    z.string(),
    DEFAULT_STORE_NAME,
  ),
  taxRate: setting(
    z.coerce
      .number({ error: msg('number.type', { label: 'taxRate' }) })
      .min(0, msg('number.nonNegative', { label: 'taxRate' }))
      .max(100, msg('settings.taxRateMax'))
      .refine(hasAtMostTwoDecimals, msg('money.decimals', { label: 'taxRate' })),
    z.number(),
    3,
  ),
  /** The spec's name of taxRate. */
  tax_rate: shown(z.number()),
  /**
   * Whether the shop is registered for VAT: null until the owner answers the first-run question. VAT is
   * charged, and tax invoices printed, only when true, which needs the shop's tax id (vatApplies).
   */
  vatRegistered: setting(Flag.nullable(), z.boolean().nullable(), null),
  /** Worked out by the server: the shop is registered for VAT and has its tax id, so sales carry VAT. */
  vatApplies: shown(z.boolean()),
  /** Shelf prices already include VAT (Thai retail norm); off follows the spec's tax-on-top arithmetic. */
  pricesIncludeVat: setting(Flag, z.boolean(), false),
  /** "Exclude VAT" at the till needs a user holding pos_refund to approve it on the spot. */
  vatExclusionNeedsApproval: setting(Flag, z.boolean(), false),
  /** Accepted (the spec's screen sends it) but ignored by PUT /api/settings: only the logo calls change the logo. */
  logo_url: setting(optionalText(500, 'logoUrl'), z.string(), ''),
  /** The spec's other name of logo_url. */
  logo: shown(z.string()),
  address: setting(optionalText(500, 'address', 'multi-line'), z.string(), ''),
  /**
   * The shop's address as ETDA's e-Tax XML needs it beside the printed one: the house number, the sub-district,
   * district and province by ETDA's codes (the server checks they exist and lie one in another), the postcode.
   */
  addressBuildingNumber: setting(optionalText(20, 'buildingNumber'), z.string(), ''),
  addressSubdistrict: setting(digitsOrEmpty(6, 'subdistrict'), z.string(), ''),
  addressDistrict: setting(digitsOrEmpty(4, 'district'), z.string(), ''),
  addressProvince: setting(digitsOrEmpty(2, 'province'), z.string(), ''),
  postcode: setting(digitsOrEmpty(5, 'postcode'), z.string(), ''),
  phone: setting(optionalText(50, 'phone'), z.string(), ''),
  email: setting(
    OptionalEmail.transform((v) => v ?? ''),
    z.string(),
    '',
  ),
  website: setting(optionalText(200, 'website'), z.string(), ''),
  taxId: setting(
    SingleLineText(msg('text.type', { label: 'taxId' }))
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => v === '' || /^\d{13}$/.test(v), msg('settings.taxIdInvalid')),
    z.string(),
    '',
  ),
  /** The seller's branch on full tax invoices: 00000 = head office (สำนักงานใหญ่), else สาขาที่ 00001… */
  branch: setting(
    SingleLineText(msg('taxInvoice.branchInvalid')).refine(isBranchNumber, msg('taxInvoice.branchInvalid')),
    z.string(),
    HEAD_OFFICE_BRANCH,
  ),
  /** Revenue Department number of this POS, printed on short tax invoices when set. */
  posRegistrationNumber: setting(PosRegistrationNumber, z.string(), ''),
};

export const SystemSettingsInput = inputsOf(SYSTEM_FIELDS);

/**
 * Whether sales carry VAT and get tax invoices: only a shop registered for VAT issues tax invoices, and
 * a tax invoice of any kind needs the seller's tax id (Revenue Code 86/4, 86/6, 86/13). One rule for the
 * server's prices, the till and the printed documents.
 */
export function vatAppliesTo(system: { vatRegistered?: boolean | null; taxId?: string } | undefined): boolean {
  return system?.vatRegistered === true && (system.taxId ?? '') !== '';
}

const PAYMENT_FIELDS = {
  cashEnabled: setting(Flag, z.boolean(), true),
  transferEnabled: setting(Flag, z.boolean(), true),
  promptpayEnabled: setting(Flag, z.boolean(), false),
  promptpayId: setting(PromptPayId, z.string(), ''),
  stripeEnabled: setting(Flag, z.boolean(), false),
  stripePublishableKey: setting(
    SingleLineText(msg('text.type', { label: 'stripeKey' })).refine(
      (v) => v === '' || v.startsWith('pk_'),
      msg('settings.stripeKeyPrefix'),
    ),
    z.string(),
    '',
  ),
  stripePriceId: setting(optionalText(200, 'stripePriceId'), z.string(), ''),
  defaultPaymentMethod: setting(DefaultPaymentMethod, z.enum(PAYMENT_METHODS), 'cash'),
  allowMultiplePaymentMethods: setting(Flag, z.boolean(), false),
};

export const PaymentSettingsInput = inputsOf(PAYMENT_FIELDS);

const LOYALTY_FIELDS = {
  purchaseAmountForOnePoint: setting(baht('bahtPerPoint', 1_000_000), z.number(), 100),
  onePointValueInBaht: setting(baht('pointValue', 10_000), z.number(), 1),
};

export const LoyaltySettingsInput = inputsOf(LOYALTY_FIELDS);

/** The pay-in/out reasons a fresh shop offers (the till adds "other", typed). */
export const DEFAULT_CASH_REASONS = ['ซื้อถุง', 'เงินทอนเพิ่ม', 'ค่าขนส่ง', 'ฝากเงินเข้าธนาคาร'];

const SHIFT_FIELDS = {
  /** Selling, cash refunds and pay-outs need the till's shift open; in force only while a live till exists. */
  requireOpenShift: setting(Flag, z.boolean(), true),
  /** Baht: a close whose difference is larger (over or short) needs a manager's approval and a note. */
  differenceLimit: setting(baht('differenceLimit', 1_000_000), z.number(), 100),
  cashReasons: setting(
    z
      .array(
        SingleLineText(msg('shift.reasonRequired'))
          .trim()
          .min(1, msg('shift.reasonRequired'))
          .max(100, msg('text.tooLong', { label: 'reason', max: 100 })),
        { error: msg('value.invalid', { label: 'cashReasons' }) },
      )
      .max(20, msg('value.tooMany', { label: 'cashReasons' })),
    z.array(z.string()),
    DEFAULT_CASH_REASONS,
  ),
};

export const ShiftSettingsInput = inputsOf(SHIFT_FIELDS);

/** The LINE token as shown to browsers: only its last 4 characters. */
export const MASKED_SECRET_PREFIX = '••••';
export function maskSecret(secret: string): string {
  return secret === '' ? '' : `${MASKED_SECRET_PREFIX}${secret.slice(-4)}`;
}
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(MASKED_SECRET_PREFIX);
}

const NOTIFICATION_FIELDS = {
  /** Shown masked (maskSecret). */
  lineChannelAccessToken: setting(optionalText(1000, 'lineToken'), z.string(), ''),
  /** Whether a token is saved (the answer never holds the token itself). */
  lineChannelAccessTokenSet: shown(z.boolean()),
  lineUserId: setting(optionalText(100, 'lineUserId'), z.string(), ''),
  notifyOnSale: setting(Flag, z.boolean(), false),
};

export const NotificationSettingsInput = inputsOf(NOTIFICATION_FIELDS);

/** The address ETDA's e-Tax Invoice by Email service time-stamps copies at (ETDA publishes it; editable if it changes). */
export const ETDA_TIMESTAMP_ADDRESS = 'csemail@etda.or.th';

/**
 * e-Tax Invoice by Email (issue 36): the shop's own SMTP server sends each tax document, PDF/A-3 with its XML,
 * to the buyer with ETDA's time-stamp address in copy. The SMTP password is never stored: it is read from the
 * ETAX_SMTP_PASSWORD environment variable, as the Stripe key is.
 */
const ETAX_FIELDS = {
  enabled: setting(Flag, z.boolean(), false),
  smtpHost: setting(optionalText(200, 'smtpHost'), z.string(), ''),
  smtpPort: setting(
    z.coerce
      .number({ error: msg('value.invalid', { label: 'smtpPort' }) })
      .int(msg('value.invalid', { label: 'smtpPort' }))
      .min(1, msg('value.invalid', { label: 'smtpPort' }))
      .max(65_535, msg('value.invalid', { label: 'smtpPort' })),
    z.number(),
    587,
  ),
  /** Implicit TLS from the first byte (port 465); off uses STARTTLS when the server offers it. */
  smtpSecure: setting(Flag, z.boolean(), false),
  smtpUser: setting(optionalText(200, 'smtpUser'), z.string(), ''),
  senderAddress: setting(
    OptionalEmail.transform((v) => v ?? ''),
    z.string(),
    '',
  ),
  timestampAddress: setting(
    OptionalEmail.transform((v) => v ?? ''),
    z.string(),
    ETDA_TIMESTAMP_ADDRESS,
  ),
};

export const EtaxSettingsInput = inputsOf(ETAX_FIELDS);

/**
 * Receipt printers (issue 37), configured by admins only (settings_manage): the printers, each till's printer,
 * and whether a network printer may be outside the shop's private network (off: the server connects only to
 * private and loopback addresses, so the setting cannot reach other services).
 */
const PRINTING_FIELDS = {
  printers: setting(PrinterList, z.array(PrinterView), []),
  tills: setting(TillPrinters, z.record(z.string(), z.string()), {}),
  allowPublicAddresses: setting(Flag, z.boolean(), false),
};

export const PrintingSettingsInput = inputsOf(PRINTING_FIELDS);

/** `PUT /api/settings`: any subset of groups and fields; what is sent is validated and merged. */
export const UpdateSettingsRequest = z.object({
  settings: z.strictObject(
    {
      system: SystemSettingsInput.partial().optional(),
      payment: PaymentSettingsInput.partial().optional(),
      loyalty: LoyaltySettingsInput.partial().optional(),
      notifications: NotificationSettingsInput.partial().optional(),
      shifts: ShiftSettingsInput.partial().optional(),
      etax: EtaxSettingsInput.partial().optional(),
      printing: PrintingSettingsInput.partial().optional(),
    },
    { error: msg('settings.unknownGroup') },
  ),
});
export type UpdateSettingsRequest = z.input<typeof UpdateSettingsRequest>;

export type SystemSettings = z.output<typeof SystemSettingsInput>;
export type PaymentSettings = z.output<typeof PaymentSettingsInput>;
export type LoyaltySettings = z.output<typeof LoyaltySettingsInput>;
export type NotificationSettings = z.output<typeof NotificationSettingsInput>;
export type ShiftSettings = z.output<typeof ShiftSettingsInput>;
export type EtaxSettings = z.output<typeof EtaxSettingsInput>;
export type PrintingSettings = z.output<typeof PrintingSettingsInput>;

export interface StoredSettings {
  system: SystemSettings;
  payment: PaymentSettings;
  loyalty: LoyaltySettings;
  notifications: NotificationSettings;
  shifts: ShiftSettings;
  etax: EtaxSettings;
  printing: PrintingSettings;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  system: defaultsOf(SYSTEM_FIELDS),
  payment: defaultsOf(PAYMENT_FIELDS),
  loyalty: defaultsOf(LOYALTY_FIELDS),
  notifications: defaultsOf(NOTIFICATION_FIELDS),
  shifts: defaultsOf(SHIFT_FIELDS),
  etax: defaultsOf(ETAX_FIELDS),
  printing: defaultsOf(PRINTING_FIELDS),
};

const SystemSettingsView = viewsOf(SYSTEM_FIELDS);
const PaymentSettingsView = viewsOf(PAYMENT_FIELDS);
const LoyaltySettingsView = viewsOf(LOYALTY_FIELDS);
const ShiftSettingsView = viewsOf(SHIFT_FIELDS);

/**
 * `GET /api/settings` (settings_view): stored settings with secrets masked, plus
 * derived fields. The LINE user id and token tail stay with those who manage settings.
 */
export const SettingsResponse = z.object({
  settings: z.object({
    system: SystemSettingsView,
    payment: PaymentSettingsView.extend({
      /** Whether the card secret key is set in server configuration (never the key itself). */
      stripeSecretConfigured: z.boolean(),
      /**
       * Whether STRIPE_WEBHOOK_SECRET is set (never the secret): without it card sales are recorded
       * only when the till comes back from Stripe.
       */
      stripeWebhookConfigured: z.boolean(),
    }),
    loyalty: LoyaltySettingsView,
    notifications: viewsOf(NOTIFICATION_FIELDS),
    shifts: ShiftSettingsView,
    etax: viewsOf(ETAX_FIELDS).extend({
      /** Whether ETAX_SMTP_PASSWORD is set on the server (never the password). */
      smtpPasswordConfigured: z.boolean(),
    }),
    printing: viewsOf(PRINTING_FIELDS),
    categories: z.array(z.string()),
  }),
});
export type Settings = z.infer<typeof SettingsResponse>['settings'];

/**
 * `GET /api/settings/store`, for every signed-in user: what the till, the
 * payment dialog, receipts and the sidebar need (the store's name, logo,
 * address and tax id, tax rate and mode, payment options with the PromptPay
 * id, loyalty rates, categories). A part of Settings: no notification settings.
 */
export const StoreSettingsResponse = z.object({
  settings: z.object({
    system: SystemSettingsView,
    payment: PaymentSettingsView.extend({
      /**
       * Whether the server has its Stripe secret key: without it the till offers no card (never the key itself).
       * (A copy the till kept before this was sent is filled in by the web's cached-settings reader.)
       */
      stripeSecretConfigured: z.boolean(),
    }),
    loyalty: LoyaltySettingsView,
    shifts: ShiftSettingsView,
    /** Whether issuing a tax document with the buyer's e-mail sends it as an e-Tax invoice. */
    etax: z.object({ enabled: z.boolean() }),
    /**
     * The printers as a till needs them (no network addresses): a network printer is driven by the server, a
     * USB or serial one by the till's browser; `tills` says which printer each till uses.
     */
    printing: z.object({
      printers: z.array(
        z.object({
          name: z.string(),
          type: z.enum(PRINTER_TYPES),
          width: z.number(),
          language: z.enum(PRINTER_LANGUAGES),
          thaiCodePage: z.boolean(),
          /**
           * Which ESC t code page holds Thai on it: the till prints text on it itself while offline (issue 38). Absent
           * from settings a till kept before it was sent: the till then prints the picture.
           */
          thaiCodePageNumber: z.number().optional(),
          cashDrawer: z.boolean(),
        }),
      ),
      tills: z.record(z.string(), z.string()),
    }),
    categories: z.array(z.string()),
  }),
});
export type StoreSettings = z.infer<typeof StoreSettingsResponse>['settings'];

/** `GET /api/settings/public`: what the sign-in page shows before anyone signs in, the shop's name and logo only. */
export const PublicShopResponse = z.object({
  shop: z.object({ storeName: z.string(), logo_url: z.string().nullable() }),
});
export type PublicShop = z.infer<typeof PublicShopResponse>['shop'];

const EtdaPlace = z.object({ code: z.string(), name: z.string() });

/**
 * `GET /api/settings/places`: Thai provinces, districts and sub-districts by ETDA's codes, with their Thai names.
 * A district's code starts with its province's, a sub-district's with its district's.
 */
export const EtdaPlacesResponse = z.object({
  provinces: z.array(EtdaPlace),
  districts: z.array(EtdaPlace),
  subdistricts: z.array(EtdaPlace),
});
export type EtdaPlacesResponse = z.infer<typeof EtdaPlacesResponse>;

/** The default product categories: clothes, shoes, bags, accessories (one list used everywhere). */
export const DEFAULT_CATEGORIES = ['เสื้อผ้า', 'รองเท้า', 'กระเป๋า', 'เครื่องประดับ/อุปกรณ์เสริม'] as const;

/** The store logo: any image the upload checks accept, at most 5 MB (spec 001 §5). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Multipart field of `POST /api/settings/logo` (spec 001 §7). */
export const LOGO_FORM_FIELD = 'logo';

export const LogoUploadForm = z.object({
  [LOGO_FORM_FIELD]: z
    .file()
    .max(LOGO_MAX_BYTES)
    .describe('The store logo: JPEG, PNG, GIF or WebP, at most 5 MB (recommended 200×200 px)'),
});

/** `POST /api/settings/logo` and `DELETE /api/settings/logo`: where the logo is served now ('' when none). */
export const LogoResponse = z.object({ logo_url: z.string(), logo: z.string() });
export type LogoResponse = z.infer<typeof LogoResponse>;
