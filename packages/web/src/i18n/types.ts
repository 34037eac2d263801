import type { th } from './th';

export type MessageKey = keyof typeof th;
/** Every locale holds exactly the keys of the Thai dictionary. */
export type Dictionary = Record<MessageKey, string>;
export type Locale = 'th' | 'en';
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;
