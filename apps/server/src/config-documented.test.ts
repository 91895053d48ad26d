import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

/**
 * docs/operations.md's configuration table is the operators' list of every environment variable the
 * server reads (issue 40): one row a variable, its name alone in backticks in the first cell. This keeps
 * the table and config.ts's schema the same set, and each default the schema gives written as it is.
 */
const OPERATIONS_MD = path.resolve(import.meta.dirname, '../../../docs/operations.md');

type Row = { name: string; defaultCell: string };

/** The body rows of the first table under the "## Configuration" heading. */
function configurationTable(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Configuration');
  if (start < 0) throw new Error('docs/operations.md has no "## Configuration" heading');
  const end = lines.findIndex((line, i) => i > start && /^##? /.test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const first = section.findIndex((line) => line.startsWith('|'));
  if (first < 0) throw new Error('the Configuration section of docs/operations.md has no table');
  const after = section.slice(first).findIndex((line) => !line.startsWith('|'));
  const table = section.slice(first, after < 0 ? undefined : first + after);
  // The header and the separator row first, then one row a variable.
  return table.slice(2).map((line) => {
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? '')?.[1];
    if (!name) throw new Error(`a row of the configuration table does not start with one \`NAME\`: ${line}`);
    return { name, defaultCell: cells[1] ?? '' };
  });
}

const rows = configurationTable(readFileSync(OPERATIONS_MD, 'utf8'));
const documented = rows.map((r) => r.name);
const read = Object.keys(envSchema.shape);

describe("docs/operations.md's configuration table", () => {
  it('lists every environment variable config.ts reads', () => {
    const missing = read.filter((name) => !documented.includes(name));
    expect(missing, 'read by config.ts but missing from the table').toEqual([]);
  });

  it('lists nothing config.ts does not read, and each variable once', () => {
    const stale = documented.filter((name) => !read.includes(name));
    expect(stale, 'in the table but not read by config.ts').toEqual([]);
    const twice = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect(twice, 'listed more than once').toEqual([]);
  });

  it("gives each default of config.ts's schema as it is", () => {
    let checked = 0;
    const wrong = rows.flatMap(({ name, defaultCell }) => {
      const field = envSchema.shape[name as keyof typeof envSchema.shape];
      // An unset variable parses to its schema default (undefined when the default is worked out in loadConfig).
      const parsed = field?.safeParse(undefined);
      if (!parsed?.success || parsed.data === undefined) return [];
      checked++;
      const written = `\`${String(parsed.data)}\``;
      return defaultCell.includes(written) ? [] : [`${name}: default ${written}, the table says ${defaultCell}`];
    });
    expect(wrong, 'defaults written otherwise than config.ts gives them').toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
