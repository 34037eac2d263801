import { EN_NAMESPACES } from './dictionaries/english';
import type { Dictionary } from './types';

/**
 * Every namespace's English messages in one dictionary: the second locale, with exactly the Thai keys. Loaded on
 * demand (`loadDictionary` in translate.ts), never with the app's first modules.
 */
export const en = Object.assign({}, ...EN_NAMESPACES) as Dictionary;
