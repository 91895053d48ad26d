/** Paths that answer JSON (or files such as the PDF), never a page of the web app. */
const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

/** The web build's hashed files (scripts, styles, images): never a page, never changed once named. */
export const ASSET_PREFIX = '/assets/';

export function isAssetPath(url: string): boolean {
  return url.startsWith(ASSET_PREFIX);
}
