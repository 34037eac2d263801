import { z } from 'zod';
import { msg } from '../validation';

/**
 * Every error the API sends: a Thai message for people and a stable code for
 * programs. Named, so the OpenAPI document declares it once and every error
 * response refers to it.
 */
export const ErrorResponse = z
  .object({
    error: z.string().describe('Thai message for the user'),
    code: z.string().describe('Stable code for programs (see ERROR_MESSAGES in @pos/core)'),
    /** Field name → Thai message, present on validation failures. */
    fields: z.record(z.string(), z.string()).optional().describe('Field name → Thai message, on validation failures'),
    /** Field name → the message's id and parameters (`validation.<id>?<params>`), for clients that word it themselves. */
    fieldIds: z
      .record(z.string(), z.string())
      .optional()
      .describe('Field name → message id with its parameters (`validation.<id>?<params>`), beside `fields`'),
    /** Machine-readable facts about the refusal (e.g. the server's figures when totals changed). */
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Facts about the refusal, e.g. the server's figures when totals changed"),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The largest value of an INTEGER column on PostgreSQL (every id, points, counts): 2^31 − 1. */
export const INT_MAX = 2_147_483_647;
export const ID_MAX = INT_MAX;

/**
 * A row id as paths, query strings, forms and JSON send it (a number or its text):
 * a whole number from 1 to ID_MAX. A larger one can name no row, and PostgreSQL
 * refuses to even compare it with an id column.
 */
export const Id = (message: string = msg('value.invalid', { label: 'id' })) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/**
 * A list's `limit` query parameter: a whole number from 1 to `max` (`shownMax` is how the
 * message prints it). Chain `.default()` or `.optional()`.
 */
export const ListLimit = (max: number, shownMax: string | number = max) =>
  z.coerce
    .number({ error: msg('number.type', { label: 'limit' }) })
    .int(msg('number.int', { label: 'limit' }))
    .min(1, msg('number.positive', { label: 'limit' }))
    .max(max, msg('number.max', { label: 'limit', max: shownMax }));

export const IdParams = z.object({ id: Id() });
export type IdParams = z.infer<typeof IdParams>;

// C0 controls, DEL, C1 controls, and halves of a surrogate pair on their own (which the
// database would store as U+FFFD, not as sent). PostgreSQL refuses NUL in text outright.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
// The same but tab, line feed and carriage return: the lines and columns of multi-line text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
// Bidirectional embeddings, overrides and isolates: invisible, they reorder the text around them,
// so a name could print backwards on a receipt or tax invoice.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
// The direction marks LRM, RLM and ALM: invisible too, and they move the numbers and brackets next
// to them (Chromium prints "ร้าน<RLM> 100 200 (12/3)" as "ร้าน(12/3) 200 100"). Refused like the controls.
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/;
// Zero-width space, non-joiner, word joiner, the invisible operators and the byte-order mark, and a
// zero-width joiner anywhere but between two emoji (where it draws one picture: 👩, ZWJ, 💻 is a woman technologist): text
// pasted from web pages carries them (Thai pages put zero-width spaces where words break), so they
// are taken out rather than refused. An emoji's joiner may follow a variation selector or skin tone.
const ZERO_WIDTH =
  /[\u200b\u200c\u2060-\u2064\ufeff]|(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{fe0f})\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
// LINE SEPARATOR and PARAGRAPH SEPARATOR: line breaks most programs do not show as such.
const LINE_SEPARATORS = /[\u2028\u2029]/g;
const ALL_BIDI = new RegExp(`${BIDI_CONTROLS.source}|${DIRECTION_MARKS.source}`, 'g');

export type TextKind = 'single-line' | 'multi-line';

/**
 * `text` without zero-width characters, its line and paragraph separators a space (one-line text) or a
 * line break (multi-line text): what every text field stores.
 */
export function withoutInvisibles(text: string, kind: TextKind = 'single-line'): string {
  return text.replace(ZERO_WIDTH, '').replace(LINE_SEPARATORS, kind === 'single-line' ? ' ' : '\n');
}

/**
 * `text` as documents print it: without bidirectional controls, direction marks or zero-width characters,
 * separators as line breaks (white space on one-line parts of a document). For text stored before the
 * API refused or took them out.
 */
export function printableText(text: string): string {
  return withoutInvisibles(text.replace(ALL_BIDI, ''), 'multi-line');
}

const controlChars = (kind: TextKind) => (kind === 'single-line' ? CONTROL_CHARS : CONTROL_CHARS_BUT_LINES);

/** The message (id) saying why `text` may not be stored, or null when it may (for lists of text). */
export function textProblem(text: string, kind: TextKind = 'single-line'): string | null {
  if (controlChars(kind).test(text)) return msg('text.controlChars');
  if (BIDI_CONTROLS.test(text)) return msg('text.bidiControls');
  const mark = DIRECTION_MARKS.exec(text)?.[0];
  if (mark !== undefined) {
    return msg('text.directionMark', { mark: `U+${mark.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` });
  }
  return null;
}

const textOf = (kind: TextKind, typeError: string) =>
  z
    .string({ error: typeError })
    .overwrite((v) => withoutInvisibles(v, kind))
    .trim()
    .check((ctx) => {
      const problem = textProblem(ctx.value, kind);
      if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    });

/**
 * The base of every one-line text field (names, codes, search terms, addresses of web
 * pages): zero-width characters taken out, trimmed, without control characters (tab and
 * line breaks included), bidirectional controls or direction marks. Chain `.min()`,
 * `.max()`, `.regex()` as the field needs.
 */
export const SingleLineText = (typeError: string) => textOf('single-line', typeError);

/** The base of multi-line text (addresses, notes, descriptions): as SingleLineText, but tabs and line breaks are kept. */
export const MultiLineText = (typeError: string) => textOf('multi-line', typeError);

/**
 * A yes/no flag as the browser sends it: a boolean, or the text "true"/"1"
 * (spec 000 §5: flags are held as strings).
 */
export const Flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: msg('flag.type') })
  .transform((v) => v === true || v === 'true' || v === '1');

const emailCheck = z.email();

/** Optional e-mail: empty text means none; anything else must be an e-mail address. */
export const OptionalEmail = SingleLineText(msg('email.invalid'))
  .max(254, msg('value.tooLong', { label: 'email' }))
  .refine((v) => v === '' || emailCheck.safeParse(v).success, msg('email.invalid'))
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const OkResponse = z.object({ ok: z.literal(true), message: z.string().optional() });
