import { APPLICATION_ID_HEADER, APPLICATION_ID_PARAM, APPLICATIONS_PATH } from '@admissions/domain';
import { useSyncExternalStore } from 'react';

/**
 * The application this page was loaded for (issue 42: one account, several applications). Every form call names
 * it in APPLICATION_ID_HEADER, so a call made after another tab has opened a different application is refused
 * (409 APPLICATION_CHANGED) instead of writing into that one. It is the one the first applicant answer names (the
 * profile's, or the applications list's), until this page opens another one (pinApplication) or forgets the user.
 */
let pinned: string | null = null;
/** Moves on at every pin: an answer to a call sent before may no longer name this page's application. */
let generation = 0;
/** Moves on only when this page opens another application (not when the first answer names its own). */
let opened = 0;
let changed = false;
const listeners = new Set<() => void>();

function tell() {
  for (const listener of listeners) listener();
}

/** This page now shows `id`, or (null) whichever application the next answer names; the last refusal no longer stands. */
export function pinApplication(id: string | null): void {
  pinned = id;
  generation += 1;
  opened += 1;
  changed = false;
  tell();
}

export function pinnedApplication(): string | null {
  return pinned;
}

/** Form calls name the application; the calls that list, start and switch applications act on the account. */
function namesApplication(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return (
    pathname.startsWith('/api/') && pathname !== APPLICATIONS_PATH && !pathname.startsWith(`${APPLICATIONS_PATH}/`)
  );
}

/**
 * A plain link of the server's (a PDF copy, a document's file, the decision letter) that acts on this page's
 * application: it cannot send APPLICATION_ID_HEADER, so it names the application in APPLICATION_ID_PARAM, and a link
 * left in a tab after another tab has opened a different application is refused (409 APPLICATION_CHANGED) instead
 * of downloading that one's file. Unchanged while no application is known (one application an account, a page
 * that has had no answer yet), and for anything but a form call's path (an address of another origin keeps its own
 * query: a signed one would break).
 */
export function applicationLink(url: string, id: string | null = pinned): string {
  if (!id || !url.startsWith('/') || url.startsWith('//') || !namesApplication(url)) return url;
  const hashAt = url.indexOf('#');
  const path = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const query = new URLSearchParams(path.includes('?') ? path.slice(path.indexOf('?') + 1) : '');
  if (query.has(APPLICATION_ID_PARAM)) return url;
  const separator = path.includes('?') ? (path.endsWith('?') || path.endsWith('&') ? '' : '&') : '?';
  return `${path}${separator}${APPLICATION_ID_PARAM}=${encodeURIComponent(id)}${hash}`;
}

/** applicationLink, drawn again when this page opens another application. */
export function useApplicationLink(url: string): string {
  useApplicationOpening();
  return applicationLink(url);
}

/** What one call sends and how its answer is read: see noteAnswer. */
export interface ApplicationTicket {
  headers: Record<string, string>;
  /** The application named, when the call names one. */
  sent: string | null;
  /** Set when nothing was pinned as it left: its answer may pin the application it names. */
  unpinnedAt: number | null;
}

/** The header for a call to `path`: `override` names another application than the page's (withdrawing another one). */
export function applicationTicket(path: string, override?: string): ApplicationTicket {
  const id = namesApplication(path) ? (override ?? pinned) : null;
  return {
    headers: id ? { [APPLICATION_ID_HEADER]: id } : {},
    sent: id,
    unpinnedAt: pinned === null && !override ? generation : null,
  };
}

/**
 * The answer to a call: the first one after the page forgot its application names the one it was loaded for; a
 * refusal of the page's own application says another tab has opened a different one. An answer to a call sent
 * before a pin (a save still on its way while the page reloads) changes neither.
 */
export function noteAnswer(ticket: ApplicationTicket, named: string | null, code: string | undefined): void {
  if (named && ticket.unpinnedAt === generation && pinned === null) {
    pinned = named;
    generation += 1;
  }
  if (code === 'APPLICATION_CHANGED' && ticket.sent !== null && ticket.sent === pinned && !changed) {
    changed = true;
    tell();
  }
}

/**
 * Which opening of an application this page is at: the form's state belongs to one, and starts afresh at the next
 * (an edit typed into one application is never saved into the next).
 */
export function applicationOpening(): number {
  return opened;
}

export function useApplicationOpening(): number {
  return useSyncExternalStore(subscribe, applicationOpening, () => 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a form call was refused because this page's application is no longer the session's current one. */
export function useApplicationChanged(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => changed,
    () => false,
  );
}
