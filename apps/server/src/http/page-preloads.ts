import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isLoginCookieName, PAGE_START_CALLS } from '@admissions/domain';

/** Written by the web build (apps/web/vite.config.ts, pagePreloads); the static files never include .vite/. */
const PAGE_PRELOADS_FILE = path.join('.vite', 'page-preloads.json');

/**
 * For each page path, the Link header that names the files its first screen
 * needs beyond index.html's own: a browser fetches them as soon as the page's
 * headers arrive, together with the entry script, instead of after that script
 * has run. Without the file (an older build) pages simply get no header.
 */
export async function readPagePreloads(webDist: string): Promise<ReadonlyMap<string, string>> {
  let text: string;
  try {
    text = await readFile(path.join(webDist, PAGE_PRELOADS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const pages = JSON.parse(text) as Record<string, string[]>;
  return new Map(Object.entries(pages).map(([page, files]) => [page, files.map(linkTo).join(', ')]));
}

/** Vite's loader asks for both with crossorigin: the preloads must match, or the browser fetches twice. */
function linkTo(file: string): string {
  return file.endsWith('.css') ? `<${file}>; rel=preload; as=style; crossorigin` : `<${file}>; rel=modulepreload`;
}

const EVERY_PAGE_CALLS = PAGE_START_CALLS.everyPage.map(callLink).join(', ');
const LOGGED_IN_CALLS = [...PAGE_START_CALLS.everyPage, ...PAGE_START_CALLS.loggedIn].map(callLink).join(', ');

/**
 * The calls the web app makes as soon as its code runs (PAGE_START_CALLS),
 * named so that the browser asks for them together with that code. Whether the
 * app will ask for the applicant's data depends on the same login cookie rule
 * it applies itself; were the two to differ, the browser would fetch twice or
 * preload for nothing.
 */
export function pageStartLink(cookieNames: readonly string[]): string {
  return cookieNames.some(isLoginCookieName) ? LOGGED_IN_CALLS : EVERY_PAGE_CALLS;
}

/** The app fetches with credentials 'same-origin', which is what `crossorigin` (anonymous) preloads with. */
function callLink(url: string): string {
  return `<${url}>; rel=preload; as=fetch; crossorigin`;
}
