const LIST_HEAD = '{"data":[';
const COMMA = 0x2c;

/**
 * Buffers of answers handed to the operating system, kept for the next answers. A page's answer is about 170 KB: a
 * buffer of it made for each call (a buffer of each application and their concatenation, as before) is memory outside
 * V8's heap, and a few dozen such calls set off V8's "external memory pressure": a full collection of the server's
 * whole heap, whose marking steps (up to 20 ms) fell in the calls (docs/performance/api-v1.md, 2026-11-30). One
 * string of the page instead cost more to build and write out. A buffer is given back only once its response has
 * finished (Node's 'finish': the last bytes handed to the operating system), so no answer is ever written over while
 * another is still being sent; one whose connection broke first is never reused. Each holds the most a page's bytes
 * can be (listAnswer), rounded up to a power of two: about 512 KB for a page of 100 of the read API's applications, so
 * the 8 kept hold a few MB at most.
 */
const kept: Buffer[] = [];
const KEEP_AT_MOST = 8;
/** The least a buffer is; any larger is a power of two, so that the few sizes there are fit the pages that follow. */
const SMALLEST = 64 * 1024;

/** The smallest kept buffer that holds `size` bytes, else a new one. */
function take(size: number): Buffer {
  let best = -1;
  for (let i = 0; i < kept.length; i++) {
    if (kept[i]!.length >= size && (best < 0 || kept[i]!.length < kept[best]!.length)) best = i;
  }
  if (best >= 0) return kept.splice(best, 1)[0]!;
  return Buffer.allocUnsafeSlow(Math.max(SMALLEST, 2 ** Math.ceil(Math.log2(size))));
}

/** Kept, when there is room or when it is larger than the smallest kept (which then goes): the larger serve all. */
function giveBack(buffer: Buffer): void {
  if (kept.length < KEEP_AT_MOST) {
    kept.push(buffer);
    return;
  }
  let smallest = 0;
  for (let i = 1; i < kept.length; i++) if (kept[i]!.length < kept[smallest]!.length) smallest = i;
  if (kept[smallest]!.length < buffer.length) kept[smallest] = buffer;
}

/** The most bytes a string's UTF-8 takes: 3 a UTF-16 unit (a pair of surrogates, 4 bytes for 2 units). */
const MOST_BYTES_A_UNIT = 3;

/**
 * A page's answer (apiV1ApplicationList) from its applications' JSON (each in pieces, applicationJsonParts), as UTF-8
 * bytes: each piece written straight into a kept buffer (above), which goes back to be kept once `response` has
 * finished. The buffer taken holds the most the pieces' bytes can be, so their exact length is never counted first (a
 * pass over every byte, 4% of the server's time a call).
 */
export function listAnswer(
  texts: readonly (readonly string[])[],
  nextCursor: string | null,
  response: { once(event: 'finish', listener: () => void): unknown },
): Buffer {
  const tail = `],"next_cursor":${JSON.stringify(nextCursor)}}`;
  let units = LIST_HEAD.length + tail.length + texts.length;
  for (const parts of texts) for (const part of parts) units += part.length;
  const buffer = take(units * MOST_BYTES_A_UNIT);
  let at = buffer.write(LIST_HEAD, 0, 'latin1');
  texts.forEach((parts, i) => {
    if (i > 0) buffer[at++] = COMMA;
    for (const part of parts) at += buffer.write(part, at);
  });
  at += buffer.write(tail, at);
  response.once('finish', () => giveBack(buffer));
  return buffer.subarray(0, at);
}
