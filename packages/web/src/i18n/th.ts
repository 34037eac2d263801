import { NAMESPACES } from './dictionaries';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every namespace's Thai messages in one dictionary: the default locale and the source of every message key. */
export type ThaiMessages = UnionToIntersection<(typeof NAMESPACES)[number]>;

export const th = Object.assign({}, ...NAMESPACES) as ThaiMessages;
