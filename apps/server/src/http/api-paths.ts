/** Paths that answer JSON (or files such as the PDF), never a page of the web app. */
const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}
