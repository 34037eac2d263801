import {
  can,
  DEFAULT_SETTINGS,
  EtaxSettingsInput,
  ERROR_MESSAGES,
  isMaskedSecret,
  LoyaltySettingsInput,
  maskSecret,
  NotificationSettingsInput,
  PaymentSettingsInput,
  PrintingSettingsInput,
  ShiftSettingsInput,
  SystemSettingsInput,
  type PublicShop,
  type Settings,
  type StoredSettings,
  type StoreSettings,
  type UpdateSettingsRequest,
  vatAppliesTo,
} from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { listActiveCategoryNames } from '../categories/categories.queries';
import { isPlaceChain } from './etda-places';
import { assertPrintingSettings } from './printing-settings';
import { LIVE_TILLS_ROW, readSettingRows, writeSettingGroup } from './settings.queries';

const GROUP_SCHEMAS = {
  system: SystemSettingsInput,
  payment: PaymentSettingsInput,
  loyalty: LoyaltySettingsInput,
  notifications: NotificationSettingsInput,
  shifts: ShiftSettingsInput,
  etax: EtaxSettingsInput,
  printing: PrintingSettingsInput,
} as const;
type GroupName = keyof typeof GROUP_SCHEMAS;
const GROUPS = Object.keys(GROUP_SCHEMAS) as GroupName[];

/** Built once: `.partial()` builds a new schema, which was most of a settings read's CPU (issue 17). */
const PARTIAL_SCHEMAS = Object.fromEntries(GROUPS.map((g) => [g, GROUP_SCHEMAS[g].partial()])) as {
  [G in GroupName]: ReturnType<(typeof GROUP_SCHEMAS)[G]['partial']>;
};

/**
 * The settings last worked out in this process and the rows they came from. The rows are still read
 * every time (another process may have changed them); only the checking is skipped when they are
 * unchanged. Deeply frozen: `readSettingsShared` hands out this one object.
 */
let lastWorkedOut:
  { rows: { group_name: string; value: string }[]; settings: Readonly<StoredSettings>; liveTills: boolean } | undefined;

function sameRows(a: { group_name: string; value: string }[], b: { group_name: string; value: string }[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i]!.group_name !== b[i]!.group_name || a[i]!.value !== b[i]!.value) return false;
  }
  return true;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The stored settings as one shared, deeply frozen object, for readers that change nothing (a sale
 * reads them once each; a copy per sale was ~1 % of its CPU, issue 17). Writing to it throws.
 */
export async function readSettingsShared(db: DbExecutor): Promise<Readonly<StoredSettings>> {
  return (await readSettingsForSale(db)).settings;
}

/**
 * The shared settings (see readSettingsShared) and whether the shop has a till switched on, read in one
 * statement: what a sale or refund needs to know whether it must join a till's open shift (issue 35).
 */
export async function readSettingsForSale(
  db: DbExecutor,
): Promise<{ settings: Readonly<StoredSettings>; liveTills: boolean }> {
  const rows = await readSettingRows(db);
  if (!lastWorkedOut || !sameRows(lastWorkedOut.rows, rows)) {
    const liveTills = Number(rows.find((r) => r.group_name === LIVE_TILLS_ROW)?.value ?? 0) > 0;
    lastWorkedOut = { rows, settings: deepFreeze(withDefaults(parseGroups(rows))), liveTills };
  }
  return { settings: lastWorkedOut.settings, liveTills: lastWorkedOut.liveTills };
}

/**
 * Stored settings with defaults filled in. Each stored field is re-checked, so a value that no
 * longer passes validation falls back to its default. A copy the caller may change.
 */
export async function readStoredSettings(db: DbExecutor): Promise<StoredSettings> {
  return structuredClone(await readSettingsShared(db));
}

/** Stored groups as parsed JSON objects, by group name. */
function parseGroups(rows: { group_name: string; value: string }[]): Record<string, Record<string, unknown>> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    try {
      const value: unknown = JSON.parse(row.value);
      if (value && typeof value === 'object') groups[row.group_name] = value as Record<string, unknown>;
    } catch {
      // A damaged row falls back to defaults rather than breaking every screen.
    }
  }
  return groups;
}

/**
 * The logo's own row: only the logo calls write it, so a settings save (which rewrites the whole
 * system group) can never undo an upload or a delete made after its form was opened. A logo set
 * before this row existed still reads from the system group until the logo next changes.
 */
export const LOGO_GROUP = 'logo';

function withDefaults(stored: Record<string, Record<string, unknown>>): StoredSettings {
  const result = structuredClone(DEFAULT_SETTINGS);
  for (const group of GROUPS) {
    const schema = PARTIAL_SCHEMAS[group];
    const fields = stored[group] ?? {};
    for (const [key, value] of Object.entries(fields)) {
      const parsed = schema.safeParse({ [key]: value });
      if (parsed.success && key in result[group]) Object.assign(result[group], { [key]: parsed.data[key as never] });
    }
  }
  const logo = PARTIAL_SCHEMAS.system.safeParse({ logo_url: stored[LOGO_GROUP]?.logo_url });
  if (logo.success && logo.data.logo_url !== undefined) result.system.logo_url = logo.data.logo_url;
  return result;
}

function systemView(s: StoredSettings): Settings['system'] {
  return { ...s.system, tax_rate: s.system.taxRate, vatApplies: vatAppliesTo(s.system), logo: s.system.logo_url };
}

/** The sign-in page's name and logo: public, so nothing else. */
export async function getPublicShop(deps: Pick<Deps, 'db'>): Promise<PublicShop> {
  const { system } = await readStoredSettings(deps.db.kysely);
  return { storeName: system.storeName, logo_url: system.logo_url === '' ? null : system.logo_url };
}

/** What every signed-in screen needs (till, receipts, sidebar): no notification settings. */
export async function getStoreSettings(deps: Pick<Deps, 'db' | 'config'>): Promise<StoreSettings> {
  const s = await readStoredSettings(deps.db.kysely);
  return {
    system: systemView(s),
    payment: { ...s.payment, stripeSecretConfigured: deps.config.stripeSecretKey !== null },
    loyalty: s.loyalty,
    shifts: s.shifts,
    etax: { enabled: s.etax.enabled },
    printing: {
      // A till's view of its printer: never the network addresses.
      printers: s.printing.printers.map(({ host: _host, port: _port, ...printer }) => printer),
      tills: s.printing.tills,
    },
    categories: await listActiveCategoryNames(deps.db.kysely),
  };
}

/** The whole settings for the settings screen: secrets masked, flat aliases the spec's screens read. */
export async function getSettings(deps: Pick<Deps, 'db' | 'config'>): Promise<Settings> {
  const s = await readStoredSettings(deps.db.kysely);
  return {
    system: systemView(s),
    payment: {
      ...s.payment,
      stripeSecretConfigured: deps.config.stripeSecretKey !== null,
      stripeWebhookConfigured: deps.config.stripeWebhookSecret !== null,
    },
    loyalty: s.loyalty,
    notifications: {
      lineChannelAccessToken: maskSecret(s.notifications.lineChannelAccessToken),
      lineChannelAccessTokenSet: s.notifications.lineChannelAccessToken !== '',
      lineUserId: s.notifications.lineUserId,
      notifyOnSale: s.notifications.notifyOnSale,
    },
    shifts: s.shifts,
    etax: { ...s.etax, smtpPasswordConfigured: deps.config.etaxSmtpPassword !== null },
    printing: s.printing,
    categories: await listActiveCategoryNames(deps.db.kysely),
  };
}

/** The logo is changed only by its own calls (see LOGO_GROUP): a logo_url sent with the settings is ignored. */
function withoutLogo<T extends { logo_url?: unknown }>(system: T | undefined): Omit<T, 'logo_url'> | undefined {
  if (!system) return undefined;
  const { logo_url: _ignored, ...rest } = system;
  return rest;
}

/**
 * A shop registered for VAT has a tax id, and a tax invoice cannot be issued without it: registering
 * without one, or removing it while registered, is refused (the owner answers "not registered" instead).
 */
function assertTaxIdWhenVatRegistered(system: { vatRegistered?: boolean | null; taxId?: string }): void {
  if (system.vatRegistered === true && (system.taxId ?? '') === '') {
    throw new AppError({
      status: 400,
      code: 'VAT_TAX_ID_REQUIRED',
      fields: { 'settings.system.taxId': ERROR_MESSAGES.VAT_TAX_ID_REQUIRED },
    });
  }
}

/** The shop's sub-district, district and province are ETDA's codes, each inside the next (or all three unset). */
function assertKnownPlace(system: StoredSettings['system']): void {
  const { addressSubdistrict: sub, addressDistrict: district, addressProvince: province } = system;
  if (sub === '' && district === '' && province === '') return;
  if (!isPlaceChain(sub, district, province)) {
    throw new AppError({
      status: 400,
      code: 'ETAX_PLACE_INVALID',
      fields: { 'settings.system.addressSubdistrict': ERROR_MESSAGES.ETAX_PLACE_INVALID },
    });
  }
}

/**
 * e-Tax by e-mail is switched on only once what every e-mailed document needs is there: a seller charging VAT
 * with its tax ID, the structured address ETDA's rules ask of a seller, and where to send from.
 */
function assertEtaxSendable(system: StoredSettings['system'], etax: StoredSettings['etax']): void {
  if (!etax.enabled) return;
  const complete =
    vatAppliesTo(system) &&
    system.addressBuildingNumber !== '' &&
    system.addressSubdistrict !== '' &&
    system.postcode !== '' &&
    etax.smtpHost !== '' &&
    etax.senderAddress !== '';
  if (!complete) throw new AppError({ status: 400, code: 'ETAX_SETTINGS_INCOMPLETE' });
}

export async function updateSettings(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  actor: SessionUser,
  input: z.output<typeof UpdateSettingsRequest>['settings'],
): Promise<Settings> {
  const userId = actor.id;
  await deps.db.kysely.transaction().execute(async (trx) => {
    const current = await readStoredSettings(trx);
    // The approval exists to hold back those who may not approve: only they may not switch it.
    const approvalSetting = input.system?.vatExclusionNeedsApproval;
    if (
      approvalSetting !== undefined &&
      approvalSetting !== current.system.vatExclusionNeedsApproval &&
      !can(actor.role, 'pos_refund')
    ) {
      throw new AppError({ status: 403, code: 'VAT_APPROVAL_SETTING_FORBIDDEN' });
    }
    const system = { ...current.system, ...withoutLogo(input.system) };
    assertTaxIdWhenVatRegistered(system);
    assertKnownPlace(system);
    assertEtaxSendable(system, { ...current.etax, ...input.etax });
    if (input.printing) {
      // Printers make the server open connections: admins only (settings_manage), and only to allowed addresses.
      if (!can(actor.role, 'settings_manage')) throw new AppError({ status: 403, code: 'PRINTING_SETTINGS_FORBIDDEN' });
      await assertPrintingSettings(trx, { ...current.printing, ...input.printing });
    }
    const now = deps.now().toISOString();
    for (const group of GROUPS) {
      const changes = group === 'system' ? withoutLogo(input.system) : input[group];
      if (!changes) continue;
      const next: Record<string, unknown> = { ...current[group], ...changes };
      // The browser only ever sees the masked token; sending it back means "unchanged".
      if (group === 'notifications' && typeof next.lineChannelAccessToken === 'string') {
        if (isMaskedSecret(next.lineChannelAccessToken)) {
          next.lineChannelAccessToken = current.notifications.lineChannelAccessToken;
        }
      }
      await writeSettingGroup(trx, group, next, userId, now);
    }
  });
  return getSettings(deps);
}
