import { normalizeTags } from '@pos/core';

/** What separates sizes or colours typed or pasted on one line ("S, M, L"). */
const SEPARATOR = /[,，\n]/;

/** Adds typed sizes or colours: split on commas, trimmed; empty text and duplicates are ignored (spec 001). */
export function addTag(tags: readonly string[], typed: string): string[] {
  return normalizeTags([...tags, ...typed.split(SEPARATOR)]);
}

/**
 * Text in the box after a keystroke or paste: every part before the last comma
 * becomes a tag, what follows it stays in the box to be finished.
 */
export function takeFinishedTags(tags: readonly string[], text: string): { tags: string[]; draft: string } {
  const parts = text.split(SEPARATOR);
  if (parts.length === 1) return { tags: [...tags], draft: text };
  const draft = parts.pop() ?? '';
  return { tags: normalizeTags([...tags, ...parts]), draft: draft.trimStart() };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}
