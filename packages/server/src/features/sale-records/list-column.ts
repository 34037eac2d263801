/** A size or colour list as stored (a JSON array of text); anything else reads as no list. */
export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
