import { FILE_MESSAGES } from '@admissions/domain';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConversionRefused } from './conversion-refused';

/** A real docx has a few dozen entries and inflates to a few megabytes at most. */
export const DOCX_LIMITS = {
  maxEntries: 1000,
  maxTotalBytes: 40 * 1_048_576,
  maxEntryBytes: 25 * 1_048_576,
  /** A larger entry may not inflate more than this many times its compressed size. */
  maxRatio: 100,
  ratioCheckedFrom: 1_048_576,
} as const;

const MACRO_NAMES = /(^|\/)(vbaProject\.bin|vbaData\.xml)$|^word\/activeX\//i;
const MACRO_CONTENT_TYPES = /macroEnabled|vbaProject|vbaData|activeX/i;
const EXTERNAL_REL = /<Relationship\b[^>]*\bTargetMode\s*=\s*["']External["'][^>]*>/gi;
/** Field codes that make Word or LibreOffice fetch or run something when the document opens. */
const ACTIVE_FIELDS = /\b(INCLUDEPICTURE|INCLUDETEXT|DDEAUTO|DDE|LINK|IMPORT)\b\s/;

const XML_READ_LIMIT = 8 * 1_048_576;

function openZip(bytes: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );
}

/** Inflates one entry, failing when it is larger than it claims or than `limit`. */
function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy(new Error('entry too large'));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

function unsafeName(name: string): boolean {
  return (
    name.length === 0 ||
    name.length > 255 ||
    name.startsWith('/') ||
    // eslint-disable-next-line no-control-regex -- control characters in an entry name are the point
    /\\|[\u0000-\u001f]|^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..' || part === '.')
  );
}

/**
 * Everything a docx must pass before LibreOffice opens it: a well-formed zip
 * with few entries, none inflating past its claims or the limits (zip bombs),
 * safe entry names, no duplicate names, no macros or ActiveX, no relationship
 * or field that reaches outside the document, and the two parts every Word
 * document has. Every entry is inflated once with limits to prove its size.
 */
export async function inspectDocx(bytes: Uint8Array): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (err) {
    throw new ConversionRefused(FILE_MESSAGES.docxUnreadable, (err as Error).message);
  }
  try {
    if (zip.entryCount > DOCX_LIMITS.maxEntries)
      throw new ConversionRefused(FILE_MESSAGES.docxTooComplex, 'too many entries');
    const found: Found = { seen: new Set(), total: 0, contentTypes: '', hasDocument: false, texts: [] };
    await inspectEntries(zip, found);
    checkDocument(found);
  } catch (err) {
    if (err instanceof ConversionRefused) throw err;
    throw new ConversionRefused(FILE_MESSAGES.docxUnreadable, (err as Error).message);
  } finally {
    zip.close();
  }
}

/** What the entries read so far have shown. */
interface Found {
  /** Entry names, lower case. */
  seen: Set<string>;
  /** The declared sizes of the entries, added up. */
  total: number;
  contentTypes: string;
  hasDocument: boolean;
  /** The XML parts' text, for the field checks. */
  texts: string[];
}

/** Reads the entries one at a time; the first refused ends the reading with its reason. */
function inspectEntries(zip: ZipFile, found: Found): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      void inspectEntry(zip, entry, found).then(
        () => zip.readEntry(),
        (err: unknown) =>
          reject(
            err instanceof ConversionRefused ? err : new ConversionRefused(FILE_MESSAGES.docxTooComplex, String(err)),
          ),
      );
    });
    zip.readEntry();
  });
}

async function inspectEntry(zip: ZipFile, entry: Entry, found: Found): Promise<void> {
  const name = entry.fileName;
  checkEntryName(name, found);
  checkEntrySize(entry, found);
  if (name.endsWith('/')) return;
  const isXml = name === '[Content_Types].xml' || name.endsWith('.rels') || /^word\/[^/]+\.xml$/.test(name);
  // Inflating proves the declared size (yauzl fails an entry that inflates past it).
  const data = await readEntry(zip, entry, isXml ? XML_READ_LIMIT : DOCX_LIMITS.maxEntryBytes);
  if (name === '[Content_Types].xml') found.contentTypes = data.toString('utf8');
  if (name === 'word/document.xml') found.hasDocument = true;
  if (isXml) found.texts.push(data.toString('utf8'));
  if (name.endsWith('.rels')) {
    for (const rel of data.toString('utf8').match(EXTERNAL_REL) ?? []) {
      if (!/\bType\s*=\s*["'][^"']*\/hyperlink["']/i.test(rel)) {
        throw new ConversionRefused(FILE_MESSAGES.docxExternalContent, rel);
      }
    }
  }
}

/** A safe name, not seen before (whatever its case), and no macro's. */
function checkEntryName(name: string, found: Found): void {
  if (unsafeName(name))
    throw new ConversionRefused(FILE_MESSAGES.docxUnreadable, `unsafe entry name ${JSON.stringify(name)}`);
  const folded = name.toLowerCase();
  if (found.seen.has(folded)) throw new ConversionRefused(FILE_MESSAGES.docxUnreadable, `duplicate entry ${name}`);
  found.seen.add(folded);
  if (MACRO_NAMES.test(name)) throw new ConversionRefused(FILE_MESSAGES.docxMacros, name);
}

/** The entry's declared size within the limits, alone and with the others, and no zip bomb's ratio. */
function checkEntrySize(entry: Entry, found: Found): void {
  const declared = entry.uncompressedSize;
  found.total += declared;
  if (declared > DOCX_LIMITS.maxEntryBytes || found.total > DOCX_LIMITS.maxTotalBytes) {
    throw new ConversionRefused(FILE_MESSAGES.docxTooComplex, 'inflates too much');
  }
  if (declared > DOCX_LIMITS.ratioCheckedFrom && declared > DOCX_LIMITS.maxRatio * Math.max(1, entry.compressedSize)) {
    throw new ConversionRefused(FILE_MESSAGES.docxTooComplex, `compression ratio of ${entry.fileName}`);
  }
}

/** Once every entry is read: the parts of a Word document, no macro content type, no field that links outside. */
function checkDocument({ contentTypes, hasDocument, texts }: Found): void {
  if (!contentTypes || !hasDocument) throw new ConversionRefused(FILE_MESSAGES.docxUnreadable, 'not a Word document');
  if (MACRO_CONTENT_TYPES.test(contentTypes))
    throw new ConversionRefused(FILE_MESSAGES.docxMacros, 'macro content type');
  if (texts.some((t) => /<w:instrText\b/.test(t) && ACTIVE_FIELDS.test(instructionText(t)))) {
    throw new ConversionRefused(FILE_MESSAGES.docxExternalContent, 'field that links outside the document');
  }
  if (
    texts.some((t) =>
      /<w:fldSimple\b[^>]*w:instr\s*=\s*"\s*(INCLUDEPICTURE|INCLUDETEXT|DDEAUTO|DDE|LINK|IMPORT)\b/i.test(t),
    )
  ) {
    throw new ConversionRefused(FILE_MESSAGES.docxExternalContent, 'simple field that links outside the document');
  }
}

/** The text of a part's field instructions, joined (a field code may be split across runs). */
function instructionText(xml: string): string {
  return [...xml.matchAll(/<w:instrText\b[^>]*>([^<]*)<\/w:instrText>/g)].map((m) => m[1]).join('') + ' ';
}
