import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS } from '../src/config';

// docs/operations.md's configuration table against what config.ts reads: the table is the shop's only list of
// the server's environment variables, so a variable added, removed or given another default in config.ts must
// show there too.

const configSource = readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8');
const operations = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');

/** The rows of the table under `## Configuration`: each row's variables (first cell) and its default (second). */
function documentedRows(markdown: string): { names: string[]; defaultCell: string }[] {
  const section = markdown.split(/^## Configuration$/m)[1]?.split(/^## /m)[0];
  if (section === undefined) throw new Error('docs/operations.md has no "## Configuration" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [first = '', second = ''] = line.split(' | ');
      return {
        names: [...first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''),
        defaultCell: second.trim(),
      };
    });
}

/** Every variable config.ts reads: `env.NAME` and the name given to `integer(env, 'NAME', …)`. */
function variablesRead(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1] ?? '');
  for (const m of source.matchAll(/\binteger\(env, '([A-Z][A-Z0-9_]*)'/g)) names.add(m[1] ?? '');
  return names;
}

/** The defaults config.ts writes as literals: whole numbers given to `integer`, strings after `|| '…'`, `|| null`. */
function literalDefaults(source: string): Map<string, string | null> {
  const defaults = new Map<string, string | null>();
  for (const m of source.matchAll(/\binteger\(env, '([A-Z0-9_]+)', ([^,]+),/g)) {
    const [, name = '', fallback = ''] = m;
    const readOption = /^DEFAULT_READ_OPTIONS\.(\w+)$/.exec(fallback);
    const value = readOption ? DEFAULT_READ_OPTIONS[readOption[1] as keyof typeof DEFAULT_READ_OPTIONS] : fallback;
    defaults.set(name, String(value).replace(/_/g, ''));
  }
  for (const m of source.matchAll(/\benv\.([A-Z0-9_]+)\?\.trim\(\) \|\| '([^']*)'/g)) {
    defaults.set(m[1] ?? '', m[2] ?? '');
  }
  for (const m of source.matchAll(/\benv\.([A-Z0-9_]+)\?\.trim\(\) \|\| null/g)) defaults.set(m[1] ?? '', null);
  return defaults;
}

/** A default cell as a value: `` `3000` `` → "3000", "(unset)" → null; "./data" and "data" are the same folder. */
function documentedDefault(cell: string): string | null {
  if (cell === '(unset)') return null;
  const literal = /^`([^`]*)`$/.exec(cell);
  if (!literal) return cell;
  return (literal[1] ?? '').replace(/,/g, '').replace(/^\.\//, '');
}

describe('docs/operations.md configuration table', () => {
  const rows = documentedRows(operations);
  const documented = new Set(rows.flatMap((row) => row.names));
  const read = variablesRead(configSource);

  it('finds the table and what config.ts reads', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(read.size).toBeGreaterThan(10);
    // config.ts reads a variable by a computed name only inside `integer`, whose names are collected above.
    expect(configSource.match(/\benv\[/g)).toHaveLength(1);
  });

  it('documents every variable config.ts reads', () => {
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it('documents no variable config.ts does not read', () => {
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it("gives config.ts's literal defaults", () => {
    const defaults = literalDefaults(configSource);
    expect(defaults.size).toBeGreaterThan(10);
    const mismatches = rows
      .filter((row) => row.names.length === 1 && defaults.has(row.names[0] ?? ''))
      .map((row) => ({
        name: row.names[0],
        documented: documentedDefault(row.defaultCell),
        code: defaults.get(row.names[0] ?? ''),
      }))
      .filter((row) => row.documented !== row.code);
    expect(mismatches).toEqual([]);
  });
});
