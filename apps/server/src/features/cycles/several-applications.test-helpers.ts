import type { ApplicationsResponse, CurrentApplicationResponse } from '@admissions/domain';
import { expectOk, type TestClient } from '../../test-support/test-app';

/** POST /api/applications, expected to succeed: the new application's id. */
export async function startAnother(client: TestClient, body: { program: string; term?: string; copy_from?: string }) {
  const res = await client.post('/api/applications', body);
  if (res.statusCode !== 201) throw new Error(`start refused: ${res.statusCode} ${res.body}`);
  return res.json<CurrentApplicationResponse>().application.id;
}

export async function applicationsOf(client: TestClient): Promise<ApplicationsResponse> {
  return (await expectOk(await client.get('/api/applications'))).json<ApplicationsResponse>();
}

export async function openOn(client: TestClient, id: string) {
  return (await expectOk(await client.put('/api/applications/current', { id }))).json<CurrentApplicationResponse>();
}
