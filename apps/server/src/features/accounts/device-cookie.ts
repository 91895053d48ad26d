import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { DAY } from '../../infra/time-units';
import { hashesEqual } from '../../session/secrets';
import { cookieName } from '../../session/session-cookies';

export const DEVICE_COOKIE = 'ap_device';
/** How long a browser stays a trusted device of an account after its last login there. */
export const DEVICE_TRUST_MS = 365 * DAY;

/**
 * OWASP's device cookie: a random id signed with the server's key, HttpOnly,
 * kept a year. The signature lets a forged or garbled value be ignored
 * without a database read; the id itself becomes trusted for an address only
 * when someone logs in to it with the right password from this browser
 * (trusted_devices). What is stored and compared is a hash of the id.
 */
export interface Device {
  /** sha-256-keyed hash of the id: what the database keeps. */
  hash: string;
  /** True when the cookie was issued by this request. */
  fresh: boolean;
}

function sign(secretKey: string, id: string): string {
  return createHmac('sha256', secretKey).update(`device\0${id}`).digest('hex');
}

function hashOf(secretKey: string, id: string): string {
  return createHmac('sha256', secretKey).update(`device-id\0${id}`).digest('hex');
}

/** The browser's device, when it sent a cookie this server signed. */
export function readDevice(request: FastifyRequest, { config, secretKey }: Pick<AppDeps, 'config' | 'secretKey'>) {
  const raw = request.cookies[cookieName(DEVICE_COOKIE, config.publicUrl.protocol === 'https:')];
  const [id, mac] = raw?.split('.') ?? [];
  if (!id || !mac || id.length !== 43 || !hashesEqual(mac, sign(secretKey, id))) return undefined;
  return hashOf(secretKey, id);
}

/** The browser's device, issuing a new cookie when it has none (or a bad one). */
export function ensureDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<AppDeps, 'config' | 'secretKey'>,
): Device {
  const known = readDevice(request, deps);
  if (known) return { hash: known, fresh: false };
  const secure = deps.config.publicUrl.protocol === 'https:';
  const id = randomBytes(32).toString('base64url');
  reply.setCookie(cookieName(DEVICE_COOKIE, secure), `${id}.${sign(deps.secretKey, id)}`, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: true,
    maxAge: DEVICE_TRUST_MS / 1000,
  });
  return { hash: hashOf(deps.secretKey, id), fresh: true };
}
