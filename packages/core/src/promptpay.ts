/**
 * PromptPay QR payloads: EMVCo merchant-presented mode as used by Thai banks
 * (Bank of Thailand "Thai QR Payment"), tag 29 with the PromptPay AID.
 */
const PROMPTPAY_AID = 'A000000677010111';
const SUB_TAG = { phone: '01', nationalId: '02', eWallet: '03' } as const;

export type PromptPayIdKind = keyof typeof SUB_TAG;

function field(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo requires for tag 63. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
      crc &= 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Classifies a PromptPay id by its digits: a phone number (0 + 9 digits, or
 * 66 + 9 digits), a 13-digit national or tax id, or a 15-digit e-wallet id.
 */
export function classifyPromptPayId(id: string): { kind: PromptPayIdKind; value: string } | null {
  const digits = id.replace(/\D/g, '');
  if (digits.length === 15) return { kind: 'eWallet', value: digits };
  if (digits.length === 13) return { kind: 'nationalId', value: digits };
  if (/^0\d{9}$/.test(digits)) return { kind: 'phone', value: `0066${digits.slice(1)}` };
  if (/^66\d{9}$/.test(digits)) return { kind: 'phone', value: `00${digits}` };
  return null;
}

/**
 * The payload string to render as a QR code. With an amount (in satang) the QR
 * is single-use ("12") and carries the amount with two decimals.
 */
export function promptPayPayload(id: string, amountSatang?: number): string {
  const target = classifyPromptPayId(id);
  if (!target) throw new RangeError('PromptPay id must be a phone number, a 13-digit id or a 15-digit e-wallet id');
  if (amountSatang !== undefined && (!Number.isInteger(amountSatang) || amountSatang <= 0)) {
    throw new RangeError('amount must be a positive whole number of satang');
  }
  const amount =
    amountSatang === undefined
      ? ''
      : field('54', `${Math.floor(amountSatang / 100)}.${String(amountSatang % 100).padStart(2, '0')}`);
  const body =
    field('00', '01') +
    field('01', amountSatang === undefined ? '11' : '12') +
    field('29', field('00', PROMPTPAY_AID) + field(SUB_TAG[target.kind], target.value)) +
    field('58', 'TH') +
    field('53', '764') +
    amount +
    '6304';
  return body + crc16ccitt(body);
}
