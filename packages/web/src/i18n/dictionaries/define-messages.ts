/**
 * One namespace's messages, Thai and English side by side. Thai is the source of the keys;
 * English must hold exactly the same keys (a missing or extra one fails type checking).
 * Placeholders are written `{name}` and filled by `t(key, { name })`.
 */
export function defineMessages<const Th extends Readonly<Record<string, string>>>(messages: {
  th: Th;
  // An object literal with a key Thai lacks is refused as an excess property.
  en: { readonly [K in keyof Th]: string };
}): { th: Th; en: Readonly<Record<keyof Th, string>> } {
  return messages;
}
