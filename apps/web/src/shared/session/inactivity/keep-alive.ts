import { api } from '../../../lib/api-client';

export interface KeepAliveResponse {
  /** When the server will forget the session if no other request comes (ISO 8601). */
  idle_expires_at: string;
}

/** GET /api/keep-alive: the server extends the session, as it does for every /api request. */
export function keepAlive(): Promise<KeepAliveResponse> {
  return api.get<KeepAliveResponse>('/api/keep-alive');
}
