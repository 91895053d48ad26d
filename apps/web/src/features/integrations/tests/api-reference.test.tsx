// The document the server really answers, generated from its schemas: only this test builds it in the browser's tests.
// eslint-disable-next-line no-restricted-imports
import { API_V1_OPERATIONS, apiV1OpenApiDocument } from '@admissions/domain/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json } from '../../../test/fetch-stub';
import type { OpenApiDocument } from '../openapi-document';
import { ADMIN, integrationsServer, openIntegrations } from './integrations-server';

/** A small document of the shape the server generates: a list with a cursor, one by id, shared schemas by $ref. */
const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Admissions read API', version: '1.0.0', description: 'Applications for the campus systems.' },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'An API token created by an administrator.' },
    },
    schemas: {
      Decision: {
        type: ['object', 'null'],
        properties: {
          code: { type: 'string', description: 'The decision code, e.g. admit.' },
          response: { type: ['string', 'null'], enum: ['accept', 'decline', null] },
        },
        required: ['code'],
      },
      Application: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          state: { type: 'string', enum: ['in_progress', 'submitted', 'withdrawn'] },
          decision: { $ref: '#/components/schemas/Decision' },
          external_ids: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['id', 'state'],
      },
      Error: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' } },
        required: ['code', 'message'],
      },
    },
  },
  paths: {
    '/api/v1/applications': {
      get: {
        operationId: 'listApplications',
        summary: 'List applications',
        security: [{ bearer: ['applications:read'] }],
        parameters: [
          {
            name: 'limit',
            in: 'query',
            description: 'How many on a page.',
            schema: { type: 'integer', minimum: 1, maximum: 200 },
          },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'A page of applications.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'array', items: { $ref: '#/components/schemas/Application' } },
                    next_cursor: { type: ['string', 'null'] },
                  },
                  required: ['data', 'next_cursor'],
                },
              },
            },
          },
          '400': {
            description: 'A cursor that is not ours, or a limit out of range.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
    '/api/v1/applications/{id}/external-ids/{system}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      put: {
        summary: 'Write a campus ID back',
        'x-scopes': ['external-ids:write'],
        parameters: [{ name: 'system', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
            },
          },
        },
        responses: { '204': { description: 'Written.' } },
      },
    },
  },
};

function openReference(answer = () => json(DOCUMENT)) {
  return openIntegrations(
    ADMIN,
    integrationsServer(),
    { 'GET /api/v1/openapi.json': answer },
    '/staff/integrations/api',
  );
}

describe('the API reference', { timeout: 30_000 }, () => {
  test('shows the document, how to authenticate, and each operation with its scope, parameters and responses', async () => {
    const { user } = openReference();
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' }, { timeout: 15_000 })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Admissions read API version 1.0.0' })).toBeVisible();
    expect(screen.getByText('Applications for the campus systems.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Authentication' })).toBeVisible();
    expect(screen.getByText('Authorization: Bearer <token>')).toBeVisible();
    expect(screen.getByText('An API token created by an administrator.')).toBeVisible();

    // The headings come in order: h1, the document (h2), its parts (h3), the operations (h2), each (h3), its parts (h4).
    const outline = screen
      .getAllByRole('heading')
      .map((h) => `${h.tagName} ${h.textContent}`)
      .filter((h) => !h.includes('Northfield'));
    expect(outline.slice(outline.indexOf('H1 API reference'))).toEqual([
      'H1 API reference',
      'H2 Admissions read API version 1.0.0',
      'H3 Authentication',
      'H2 Operations',
      'H3 GET /api/v1/applications',
      'H4 Parameters',
      'H4 Responses',
      'H3 PUT /api/v1/applications/{id}/external-ids/{system}',
      'H4 Parameters',
      'H4 Request body (required)',
      'H4 Responses',
    ]);

    const index = screen.getByRole('navigation', { name: 'Operations' });
    expect(
      within(index).getByRole('link', { name: /GET \/api\/v1\/applications · List applications/ }),
    ).toHaveAttribute('href', '#op-listapplications');

    // The index moves the focus to the operation's heading.
    await user.click(within(index).getByRole('link', { name: /^PUT / }));
    expect(
      screen.getByRole('heading', { level: 3, name: 'PUT /api/v1/applications/{id}/external-ids/{system}' }),
    ).toHaveFocus();

    const list = screen.getByRole('article', { name: 'GET /api/v1/applications' });
    expect(list).toHaveTextContent('List applications');
    expect(list).toHaveTextContent('Scope: applications:read');
    expect(list).toHaveTextContent('limit integer in query, optional: How many on a page. (from 1 to 200)');
    expect(list).toHaveTextContent('cursor string in query, optional');
    const ok = within(list).getByText('200').closest('li')!;
    expect(ok).toHaveTextContent('A page of applications.');
    expect(ok).toHaveTextContent('data array of Application required');
    // The $ref opened in place, nested: the application's properties, and its decision's under it.
    expect(ok).toHaveTextContent('id string (uuid) required');
    expect(ok).toHaveTextContent('state "in_progress" | "submitted" | "withdrawn" required');
    expect(ok).toHaveTextContent('decision Decision optional');
    expect(ok).toHaveTextContent('code string required: The decision code, e.g. admit.');
    expect(ok).toHaveTextContent('external_ids map of string optional');
    expect(ok).toHaveTextContent('next_cursor string or null required');
    const refused = within(list).getByText('400').closest('li')!;
    expect(refused).toHaveTextContent('A cursor that is not ours, or a limit out of range.');
    expect(refused).toHaveTextContent('message string required');

    const write = screen.getByRole('article', { name: 'PUT /api/v1/applications/{id}/external-ids/{system}' });
    expect(write).toHaveTextContent('Scope: external-ids:write');
    // The path's own parameter, then the operation's.
    expect(write).toHaveTextContent('id string (uuid) in path, required');
    expect(write).toHaveTextContent('system string in path, required (pattern ^[a-z]+$)');
    expect(write).toHaveTextContent('id string required (up to 64 characters)');
    expect(write).toHaveTextContent('204: Written.');
  });

  test('the document the server generates shows every operation with its scope', async () => {
    openReference(() => json(apiV1OpenApiDocument('http://localhost')));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Admissions Portal API version 1' }, { timeout: 15_000 }),
    ).toBeVisible();
    for (const op of API_V1_OPERATIONS) {
      const article = screen.getByRole('article', { name: `${op.method.toUpperCase()} /api/v1${op.path}` });
      expect(article).toHaveTextContent(op.scope ? `Scope: ${op.scope}` : 'Scope: none');
    }
    const list = screen.getByRole('article', { name: 'GET /api/v1/applications' });
    expect(within(list).getByText('limit', { selector: 'code' })).toBeVisible();
    expect(list).toHaveTextContent('next_cursor');
  });

  test('a document that cannot be fetched says so, with the way back', async () => {
    openReference(() => json({ code: 'NOT_FOUND', message: 'Not found.' }, 404));
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'The API reference could not be loaded. (code NOT_FOUND)',
    );
    expect(screen.getByRole('link', { name: 'Back to Integrations' })).toHaveAttribute('href', '/staff/integrations');
  });
});
