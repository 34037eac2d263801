import { normalizeTags } from '@pos/core';

/** Adds a typed size or colour: trimmed; empty text and duplicates are ignored (spec 001). */
export function addTag(tags: readonly string[], typed: string): string[] {
  return normalizeTags([...tags, typed]);
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}
