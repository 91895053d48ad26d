const LIST_HEAD = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * A page's answer (apiV1ApplicationList) from its applications' JSON, as UTF-8 bytes: each application encoded on its
 * own and the bytes put together. One string of the whole page (170 KB, over V8's large-object size) cost 1 to 3 ms
 * a page to build and encode on a 2-core machine, against 0.25 ms for this (docs/performance/api-v1.md, 2026-11-30).
 */
export function listAnswer(texts: readonly string[], nextCursor: string | null): Buffer {
  const parts: Buffer[] = [LIST_HEAD];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(Buffer.from(text));
  });
  parts.push(Buffer.from(`],"next_cursor":${JSON.stringify(nextCursor)}}`));
  return Buffer.concat(parts);
}
