const LIST_HEAD = '{"data":[';
const COMMA = 0x2c;

/**
 * Buffers of answers handed to the operating system, kept for the next answers. A page's answer is about 170 KB: a
 * buffer of it made for each call (a buffer of each application and their concatenation, as before) is memory outside
 * V8's heap, and a few dozen such calls set off V8's "external memory pressure": a full collection of the server's
 * whole heap, whose marking steps (up to 20 ms) fell in the calls (docs/performance/api-v1.md, 2026-11-30). One
 * string of the page instead cost more to build and write out. A buffer is given back only once its response has
 * finished (Node's 'finish': the last bytes handed to the operating system), so no answer is ever written over while
 * another is still being sent; one whose connection broke first is never reused.
 */
const kept: Buffer[] = [];
const KEEP_AT_MOST = 8;
/** Sizes are rounded up to this, so that a kept buffer fits the next page of about the same size. */
const STEP = 64 * 1024;

function take(size: number): Buffer {
  for (let i = 0; i < kept.length; i++) {
    if (kept[i]!.length >= size) return kept.splice(i, 1)[0]!;
  }
  return Buffer.allocUnsafeSlow(Math.ceil(size / STEP) * STEP);
}

function giveBack(buffer: Buffer): void {
  if (kept.length < KEEP_AT_MOST) kept.push(buffer);
}

/**
 * A page's answer (apiV1ApplicationList) from its applications' JSON, as UTF-8 bytes: each application's text written
 * straight into a kept buffer (above), which goes back to be kept once `response` has finished.
 */
export function listAnswer(
  texts: readonly string[],
  nextCursor: string | null,
  response: { once(event: 'finish', listener: () => void): unknown },
): Buffer {
  const tail = `],"next_cursor":${JSON.stringify(nextCursor)}}`;
  let size = LIST_HEAD.length + Buffer.byteLength(tail) + Math.max(0, texts.length - 1);
  for (const text of texts) size += Buffer.byteLength(text);
  const buffer = take(size);
  let at = buffer.write(LIST_HEAD, 0, 'latin1');
  texts.forEach((text, i) => {
    if (i > 0) buffer[at++] = COMMA;
    at += buffer.write(text, at);
  });
  buffer.write(tail, at);
  response.once('finish', () => giveBack(buffer));
  return buffer.subarray(0, size);
}
