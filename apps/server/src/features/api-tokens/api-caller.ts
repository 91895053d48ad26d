import type { ApiTokenScope } from '@admissions/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** Who calls /api/v1: the token, as apiTokenAuth found it live at the call's arrival. */
export interface ApiCaller {
  tokenId: string;
  name: string;
  scopes: ApiTokenScope[];
  /** Program codes the token is limited to; null for every program. */
  programs: string[] | null;
}

const callerByRequest = new WeakMap<FastifyRequest, ApiCaller>();

export function setApiCaller(request: FastifyRequest, caller: ApiCaller): void {
  callerByRequest.set(request, caller);
}

/** The caller of an /api/v1 request once apiTokenAuth found its token live; undefined before or without. */
export function findApiCaller(request: FastifyRequest): ApiCaller | undefined {
  return callerByRequest.get(request);
}

/** The caller of an /api/v1 request; only after apiTokenAuth let it through (else 401, never a 500). */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  const caller = callerByRequest.get(request);
  if (!caller) throw new AppError('API_TOKEN_INVALID');
  return caller;
}
