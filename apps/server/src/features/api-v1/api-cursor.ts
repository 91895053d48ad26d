import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiV1ListQuery } from '@admissions/domain';
import { AppError } from '../../http/app-error';

/**
 * The list's cursor (issue 45): the last application id of the page (the list is in id order, a keyset, so paging
 * while applications change neither skips nor repeats one), signed with the server's secret key together with the
 * filters it was made for. A cursor we did not make, one altered, or one of other filters is 400 API_CURSOR_INVALID,
 * never a page of something else. Opaque to the caller: `<id, base64url>.<mac, base64url>`.
 */
export type CursorFilters = Pick<ApiV1ListQuery, 'cycle' | 'program' | 'state' | 'updated_since'>;

const filtersText = (f: CursorFilters) =>
  JSON.stringify([
    f.cycle ?? null,
    f.program ?? null,
    f.state ?? null,
    f.updated_since ? new Date(f.updated_since).toISOString() : null,
  ]);

const macOf = (secretKey: string, id: Buffer, filters: CursorFilters) =>
  createHmac('sha256', secretKey)
    .update('api-v1-cursor\0')
    .update(id)
    .update('\0' + filtersText(filters))
    .digest();

export function makeCursor(secretKey: string, lastId: string, filters: CursorFilters): string {
  const id = Buffer.from(lastId.replaceAll('-', ''), 'hex');
  return `${id.toString('base64url')}.${macOf(secretKey, id, filters).toString('base64url')}`;
}

/** The id the next page starts after; 400 API_CURSOR_INVALID for anything but a cursor of these filters. */
export function readCursor(secretKey: string, cursor: string, filters: CursorFilters): string {
  const [idPart, macPart, extra] = cursor.split('.');
  if (idPart === undefined || macPart === undefined || extra !== undefined) throw new AppError('API_CURSOR_INVALID');
  const id = Buffer.from(idPart, 'base64url');
  const mac = Buffer.from(macPart, 'base64url');
  const expected = macOf(secretKey, id, filters);
  if (id.length !== 16 || mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new AppError('API_CURSOR_INVALID');
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
