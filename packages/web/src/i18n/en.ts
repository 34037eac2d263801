import { NAMESPACES } from './dictionaries';
import type { Dictionary } from './types';

/** Every namespace's English messages in one dictionary: the second locale, with exactly the Thai keys. */
export const en = Object.assign({}, ...NAMESPACES.map((namespace) => namespace.en)) as Dictionary;
