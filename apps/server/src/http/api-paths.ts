import { AppError } from './app-error';

/** Paths that answer JSON (or files such as the PDF), never a page of the web app. */
const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

/** The web build's hashed files: never changed once named. */
export const ASSET_PREFIX = '/assets/';

/** The answer for any path under ASSET_PREFIX that is not a file of the build. */
export function noSuchAsset(url: string): AppError {
  return new AppError('NOT_FOUND', { message: `No such asset: ${url}` });
}

/**
 * A script, style, font or raster image of the build: never opened as a page.
 * Anything else under /assets/ (an SVG or HTML could run as a document) is not.
 */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?|png|jpe?g|gif|webp|avif|ico|map)(?:[?#]|$)/;

export function isSubresourcePath(url: string): boolean {
  return SUBRESOURCE.test(url);
}
