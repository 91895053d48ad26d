import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { USA, type SchoolLookupCategory, type SchoolLookupRecord } from '@admissions/domain';
import { branchIds, type CampusRow } from './campus-rank';
import type { IndexEntry } from './search-index';

/** The directories' countries are ISO alpha-2; the form stores alpha-3. Both files are US-only today. */
const COUNTRY_VALUES: Readonly<Record<string, string>> = { US: USA };

/** How a CSV file of the data folder is recognised (by its header) and read into entries. */
interface FileKind {
  category: SchoolLookupCategory;
  required: readonly string[];
  toEntry(row: Record<string, string>): IndexEntry<SchoolLookupRecord> | undefined;
  /** The row's OPE id, where the file has them: a main campus then ranks before its branches. */
  opeid?(row: Record<string, string>): string;
}

const subText = (city: string, state: string) => [city, state].filter(Boolean).join(', ');

const FILE_KINDS: readonly FileKind[] = [
  {
    // colleges.csv: IPEDS directory; the IPEDS unitid is the lookup id.
    category: 'college_ceeb',
    required: ['unitid', 'ceeb', 'name', 'alias', 'address_line_1', 'city', 'state', 'zip', 'country', 'deg_granting'],
    toEntry(row) {
      const id = row.unitid!.trim();
      const name = row.name!.trim();
      if (!/^\d+$/.test(id) || name === '') return undefined;
      // The directory separates aliases with '|'; some rows still use commas, which a '|' list may hold inside an alias.
      const alias = row.alias!;
      const aliases = alias
        .split(alias.includes('|') ? '|' : ',')
        .map((a) => a.trim())
        .filter(Boolean);
      return {
        id,
        text: name,
        sub_text: subText(row.city!.trim(), row.state!.trim()),
        names: [name, ...aliases],
        rank: row.deg_granting!.trim() === '1' ? 0 : 1,
        zip: row.zip!.trim().slice(0, 5),
        record: {
          id,
          name,
          address_line_1: row.address_line_1!.trim(),
          city: row.city!.trim(),
          state: row.state!.trim(),
          zip: row.zip!.trim(),
          country: COUNTRY_VALUES[row.country!.trim()] ?? '',
          ceeb: row.ceeb!.trim(),
        },
      };
    },
    opeid: (row) => row.opeid?.trim() ?? '',
  },
  {
    // high-schools.csv: NCES-CEEB crosswalk; the CEEB code is the lookup id. No street address.
    category: 'hs_ceeb',
    required: ['ceeb', 'nces_id', 'name', 'city', 'state', 'zip', 'country'],
    toEntry(row) {
      // High-school CEEB codes have six digits; the file lost the leading zero of about 4,000 (060115 came as 60115).
      const id = row.ceeb!.trim().padStart(6, '0');
      const name = row.name!.trim();
      if (!/^\d{6}$/.test(id) || name === '') return undefined;
      return {
        id,
        text: name,
        sub_text: subText(row.city!.trim(), row.state!.trim()),
        names: [name],
        rank: 0,
        zip: row.zip!.trim().slice(0, 5),
        record: {
          id,
          name,
          address_line_1: '',
          city: row.city!.trim(),
          state: row.state!.trim(),
          zip: row.zip!.trim(),
          country: COUNTRY_VALUES[row.country!.trim()] ?? '',
          ceeb: id,
        },
      };
    },
  },
];

export interface LoadedDirectories {
  entries: Record<SchoolLookupCategory, IndexEntry<SchoolLookupRecord>[]>;
  /** One line per file read, skipped or refused, for the log (written when the indexes are built). */
  notes: { level: 'info' | 'warn'; message: string }[];
}

/**
 * Reads every CSV file of the data folder. A missing folder or a file that
 * cannot be read or parsed is a note for the log, and school search then
 * offers manual entry only; only loading the CSV parser itself could throw.
 */
export async function loadSchoolDirectories(dataDir: string | undefined): Promise<LoadedDirectories> {
  const result: LoadedDirectories = { entries: { college_ceeb: [], hs_ceeb: [] }, notes: [] };
  if (!dataDir) {
    result.notes.push({
      level: 'warn',
      message: 'LOOKUP_DATA_DIR is not set: school search offers manual entry only.',
    });
    return result;
  }
  let files: string[];
  try {
    files = (await readdir(dataDir)).filter((f) => f.toLowerCase().endsWith('.csv')).sort();
  } catch (err) {
    result.notes.push({
      level: 'warn',
      message: `LOOKUP_DATA_DIR ${dataDir} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): school search offers manual entry only.`,
    });
    return result;
  }
  if (files.length === 0)
    result.notes.push({
      level: 'warn',
      message: `LOOKUP_DATA_DIR ${dataDir} has no CSV files: school search offers manual entry only.`,
    });

  // The CSV parser is loaded only when there is a directory to read.
  const { parse } = await import('csv-parse');
  for (const file of files) {
    const full = path.join(dataDir, file);
    try {
      const read = await readDirectoryFile(full, parse, result.entries);
      if (!read) {
        result.notes.push({
          level: 'warn',
          message: `Lookup data ${full} skipped: its columns match neither the college nor the high-school directory.`,
        });
        continue;
      }
      const { kind, rows, entries } = read;
      // One by one: spread into push(), a list of over about 125,000 would overflow the call stack.
      for (const entry of entries) result.entries[kind.category].push(entry);
      const skipped = rows - entries.length;
      result.notes.push({
        level: 'info',
        message: `Lookup data ${full}: ${entries.length} ${kind.category} entries${skipped ? `, ${skipped} rows without a usable id or name skipped` : ''}.`,
      });
    } catch (err) {
      result.notes.push({ level: 'warn', message: `Lookup data ${full} skipped: ${(err as Error).message}` });
    }
  }
  return result;
}

/**
 * Reads one CSV file as a stream: it is parsed a chunk at a time, with turns
 * of the event loop between chunks, so a server keeps answering while it
 * reads the directories. Undefined when the header is neither directory's.
 * A file that fails to parse adds nothing, even from the rows before the error.
 */
async function readDirectoryFile(
  full: string,
  parse: typeof import('csv-parse').parse,
  known: LoadedDirectories['entries'],
): Promise<{ kind: FileKind; rows: number; entries: IndexEntry<SchoolLookupRecord>[] } | undefined> {
  const source = createReadStream(full);
  const parser = source.pipe(parse({ columns: true, bom: true, skip_empty_lines: true }));
  source.once('error', (err) => parser.destroy(err));
  let kind: FileKind | undefined;
  let rows = 0;
  const entries: IndexEntry<SchoolLookupRecord>[] = [];
  let seen = new Set<string>();
  const campuses: CampusRow[] = [];
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      if (!kind) {
        const header = Object.keys(row);
        kind = FILE_KINDS.find((k) => k.required.every((column) => header.includes(column)));
        if (!kind) return undefined;
        seen = new Set(known[kind.category].map((e) => e.id));
      }
      rows++;
      const entry = kind.toEntry(row);
      if (!entry || seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
      if (kind.opeid) campuses.push({ id: entry.id, name: entry.text, opeid: kind.opeid(row) });
    }
  } finally {
    source.destroy();
  }
  if (kind?.opeid) {
    // Among equally good matches, degree-granting before not, then a main campus before a branch.
    const branches = branchIds(campuses);
    for (const entry of entries) entry.rank = entry.rank * 2 + (branches.has(entry.id) ? 1 : 0);
  }
  return kind && { kind, rows, entries };
}
