import { checkFile, checkFileBasics, SNIFF_BYTES } from '@admissions/domain';

/**
 * SPEC sections 5 and 9 in the browser, with the domain's rules: the name and
 * size first, then the first bytes against the extension (a renamed .exe is
 * not a .pdf). [] means the file may be uploaded; the server checks again.
 */
export async function checkChosenFile(file: File): Promise<string[]> {
  const basics = checkFileBasics(file);
  if (basics.length > 0) return basics;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkFile({ name: file.name, size: file.size, head });
}
