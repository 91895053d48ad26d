import { API_TOKEN_SCOPES, type ApiTokenScope, type ApiV1DocumentList } from '@admissions/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { routesOf } from '../../http/route-list';
import { makePdf } from '../documents/test-files';
import { apiCall, apiToken } from './api-v1.test-helpers';

let t: TestApp;
let id: string;
const tokens = new Map<ApiTokenScope, string>();
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  id = (await submittedApplicant(t, 'contract@example.edu')).userId;
  // A converted document, so the list of documents and its signed link answer something to check.
  const pdf = await makePdf('Transcript');
  await t.deps.storage.write(`test/${id}/transcript.pdf`, pdf, 'application/pdf');
  await t.db.query(
    `INSERT INTO documents (id, user_id, answer_key, upload_key, file_name, file_size, status, pdf_key, pdf_size, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, 'college_transcript_upload', $2, 'transcript.pdf', $3, 'COMPLETED', $2, $3, $4, $4)`,
    [id, `test/${id}/transcript.pdf`, pdf.length, t.clock.now()],
  );
  for (const scope of API_TOKEN_SCOPES) tokens.set(scope, await apiToken(t, [scope]));
});
afterAll(async () => {
  await t?.close();
});

/** Every route that takes a token, with a call that succeeds given its scope. */
const calls = (): { method: 'GET' | 'PUT'; url: string; body?: unknown; scope: ApiTokenScope }[] => [
  { method: 'GET', url: '/api/v1/applications', scope: 'applications:read' },
  { method: 'GET', url: `/api/v1/applications/${id}`, scope: 'applications:read' },
  { method: 'GET', url: `/api/v1/applications/${id}/documents`, scope: 'documents:read' },
  { method: 'GET', url: `/api/v1/applications/${id}/packet.pdf`, scope: 'documents:read' },
  {
    method: 'PUT',
    url: `/api/v1/applications/${id}/external-ids/banner`,
    body: { id: 'A1' },
    scope: 'external-ids:write',
  },
];

describe('the scope matrix', () => {
  it('each route answers a token with its scope, and 403 API_SCOPE_MISSING to one with any other', async () => {
    const seen: string[] = [];
    for (const call of calls()) {
      for (const scope of API_TOKEN_SCOPES) {
        const res = await apiCall(t, tokens.get(scope)!, call.method, call.url, call.body);
        const expected = scope === call.scope ? 200 : 403;
        seen.push(`${call.method} ${call.url.replace(id, ':id')} ${scope} ${res.statusCode}`);
        expect(res.statusCode, `${call.method} ${call.url} with ${scope}: ${res.body.slice(0, 200)}`).toBe(expected);
        if (expected === 403) expect(res.json()).toMatchObject({ code: 'API_SCOPE_MISSING' });
      }
    }
    expect(seen).toHaveLength(calls().length * API_TOKEN_SCOPES.length);
  });

  it('no token is 401; a session is never a token', async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    for (const call of calls()) {
      const none = await apiCall(t, null, call.method, call.url, call.body);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'API_TOKEN_INVALID' });
      const session = await staff.request(call.method, call.url, call.body);
      expect(session.json()).toMatchObject({ code: 'API_SESSION_NOT_ACCEPTED' });
    }
  });
});

describe('the OpenAPI document', () => {
  const documentOf = async () =>
    (await expectOk(await apiCall(t, null, 'GET', '/api/v1/openapi.json'))).json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
      >;
      components: { schemas: Record<string, object> };
    }>();

  it('is a valid OpenAPI 3.1 document, public', async () => {
    const document = await documentOf();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document).toMatchObject({ openapi: '3.1.0' });
  });

  it('names every /api/v1 route the server registered with its method, and nothing else', async () => {
    const document = await documentOf();
    const registered = routesOf(t.app)
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:([a-z_]+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThanOrEqual(7);
    expect(documented).toEqual(registered);
  });

  it("validates the answers of real calls, errors included, against the document's schemas", async () => {
    const document = await documentOf();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const check = (path: string, method: string, res: LightMyRequestResponse) => {
      const response = document.paths[path]![method]!.responses[String(res.statusCode)];
      expect(response, `${method} ${path} ${res.statusCode} is documented`).toBeDefined();
      const schema = response!.content?.['application/json']?.schema;
      if (!schema) return;
      const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')));
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    };
    const all = await apiToken(t, [...API_TOKEN_SCOPES]);
    const call = (method: 'GET' | 'PUT', url: string, body?: unknown) => apiCall(t, all, method, url, body);
    check('/api/v1/applications', 'get', await call('GET', '/api/v1/applications?limit=1'));
    check('/api/v1/applications', 'get', await call('GET', '/api/v1/applications?limit=0'));
    check('/api/v1/applications/{id}', 'get', await call('GET', `/api/v1/applications/${id}`));
    check(
      '/api/v1/applications/{id}',
      'get',
      await call('GET', '/api/v1/applications/00000000-0000-4000-8000-000000000000'),
    );
    const docs = await call('GET', `/api/v1/applications/${id}/documents`);
    check('/api/v1/applications/{id}/documents', 'get', docs);
    const link = docs.json<ApiV1DocumentList>().data[0]!.url.slice('http://portal.test'.length);
    check('/api/v1/applications/{id}/documents/{answer_key}/download', 'get', await apiCall(t, null, 'GET', link));
    check('/api/v1/applications/{id}/packet.pdf', 'get', await call('GET', `/api/v1/applications/${id}/packet.pdf`));
    const put = `/api/v1/applications/${id}/external-ids/colleague`;
    check('/api/v1/applications/{id}/external-ids/{system}', 'put', await call('PUT', put, { id: 'C-7' }));
    check('/api/v1/applications/{id}/external-ids/{system}', 'put', await call('PUT', put, { id: '' }));
    check(
      '/api/v1/applications',
      'get',
      await apiCall(t, tokens.get('decisions:read')!, 'GET', '/api/v1/applications'),
    );
    check('/api/v1/applications', 'get', await apiCall(t, null, 'GET', '/api/v1/applications'));
  });
});
