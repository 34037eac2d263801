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

/** `table`'s keys each behind `prefix`, as one namespace's keys. */
export type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}${K}`]: T[K] };

/**
 * A namespace whose Thai is one of core's tables (the API's error messages, the validation messages and
 * labels): core holds the one Thai wording, the server sends it, and the web shows the same text under
 * its own keys, so the two cannot drift (issue 33). The English stays beside it in `<namespace>.en.ts`.
 */
export function prefixedMessages<const P extends string, T extends Readonly<Record<string, string>>>(
  prefix: P,
  table: T,
): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [`${prefix}${key}`, text])) as Prefixed<P, T>;
}
