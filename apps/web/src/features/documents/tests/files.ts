/** Files as an applicant would choose them, with the first bytes of their real formats. */
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const HEADS = {
  docx: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
  pdf: bytesOf('%PDF-1.7\n'),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  exe: new Uint8Array([0x4d, 0x5a, 0x90, 0x00]),
};

/** A file of `size` bytes starting with the signature of `kind`. */
export function fileOf(name: string, kind: keyof typeof HEADS, size = 12_800): File {
  const bytes = new Uint8Array(size);
  bytes.set(HEADS[kind].subarray(0, Math.min(size, HEADS[kind].length)));
  return new File([bytes], name);
}
