/**
 * One namespace's Thai messages: Thai is the default language and the source of the keys. Each
 * namespace's English is in `<namespace>.en.ts`, typed `EnglishOf` the Thai one, so a missing or extra
 * key fails type checking. The two are separate modules so that a page loads only the language it shows
 * (issue 10 item 6: the English half was evaluated on every cold load). Placeholders are written
 * `{name}` and filled by `t(key, { name })`.
 */
export function defineMessages<const Th extends Readonly<Record<string, string>>>(messages: Th): Th {
  return messages;
}

/** A namespace's English messages: exactly the keys of its Thai ones (an object literal with another key is refused). */
export type EnglishOf<Th> = { readonly [K in keyof Th]: string };
