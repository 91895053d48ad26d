import { z } from 'zod';
import type { ApiTokenScope } from '../api/integrations';
import {
  apiV1Application,
  apiV1ApplicationList,
  apiV1ApplicationParams,
  apiV1DocumentList,
  apiV1Error,
  apiV1ExternalId,
  apiV1ExternalIdBody,
  apiV1ExternalIdParams,
  apiV1DownloadParams,
  apiV1DownloadQuery,
  apiV1ListQuery,
} from './api-v1';

/**
 * The OpenAPI 3.1 document of /api/v1 (issue 45), generated from the zod schemas the routes validate with
 * (api-v1.ts): zod 4's JSON Schema is draft 2020-12, the dialect of OpenAPI 3.1. Nothing here is written by hand
 * but the list of operations; a server test checks that list against the routes the server registered, and real
 * answers against the response schemas.
 */

export const API_V1_PREFIX = '/api/v1';

type ObjectSchema = z.ZodObject;

/** One operation of the API, as the document describes it and the server's test checks it. */
export interface ApiV1Operation {
  method: 'get' | 'put';
  /** OpenAPI's form, under /api/v1: `/applications/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  /** The scope a token needs; null: no token (the document itself, a signed download link). */
  scope: ApiTokenScope | null;
  params?: ObjectSchema;
  query?: ObjectSchema;
  body?: ObjectSchema;
  /** A JSON answer's schema, or a PDF. */
  response: { status: number; schema: z.ZodType } | 'pdf' | 'openapi';
  /** The error statuses beside the ones every call with a token can answer (401, 403, 429). */
  errors: number[];
}

export const API_V1_OPERATIONS: readonly ApiV1Operation[] = [
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document.',
    scope: null,
    response: 'openapi',
    errors: [],
  },
  {
    method: 'get',
    path: '/applications',
    operationId: 'listApplications',
    summary:
      'Applications in id order, a page at a time. The cursor is stable: paging while applications change neither ' +
      'skips nor repeats one. A token limited to programs sees only theirs.',
    scope: 'applications:read',
    query: apiV1ListQuery,
    response: { status: 200, schema: apiV1ApplicationList },
    errors: [400],
  },
  {
    method: 'get',
    path: '/applications/{id}',
    operationId: 'getApplication',
    summary: 'One application.',
    scope: 'applications:read',
    params: apiV1ApplicationParams,
    response: { status: 200, schema: apiV1Application },
    errors: [404],
  },
  {
    method: 'get',
    path: '/applications/{id}/documents',
    operationId: 'listDocuments',
    summary: "The application's converted documents, each with a signed download link valid 5 minutes.",
    scope: 'documents:read',
    params: apiV1ApplicationParams,
    response: { status: 200, schema: apiV1DocumentList },
    errors: [404],
  },
  {
    method: 'get',
    path: '/applications/{id}/packet.pdf',
    operationId: 'getPacket',
    summary: "The office's packet: the application's copy, then each document and letter behind a separator page.",
    scope: 'documents:read',
    params: apiV1ApplicationParams,
    response: 'pdf',
    errors: [404],
  },
  {
    method: 'put',
    path: '/applications/{id}/external-ids/{system}',
    operationId: 'setExternalId',
    summary:
      "Writes back the application's id in a campus system. It shows on the office's application page, in its CSV " +
      'and in every later answer of this API, and sends the `external_id.set` webhook event.',
    scope: 'external-ids:write',
    params: apiV1ExternalIdParams,
    body: apiV1ExternalIdBody,
    response: { status: 200, schema: apiV1ExternalId },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/applications/{id}/documents/{answer_key}/download',
    operationId: 'downloadDocument',
    summary:
      "A document's PDF, by the signed link `listDocuments` answered. No token: the link is the proof, for 5 " +
      'minutes, and only while the token that asked for it stands.',
    scope: null,
    params: apiV1DownloadParams,
    query: apiV1DownloadQuery,
    response: 'pdf',
    errors: [404],
  },
];

/** zod's JSON Schema of one schema, without its own `$schema` line (the document states the dialect once). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: API_LIMIT_INVALID, API_FILTER_INVALID, API_CURSOR_INVALID, EXTERNAL_SYSTEM_INVALID, BAD_REQUEST.',
  401: 'No token, or a revoked, expired or unknown one: API_TOKEN_INVALID.',
  403: "Outside the token's scopes: API_SCOPE_MISSING.",
  404: 'No such application (or outside the programs the token is limited to), or no such link: NOT_FOUND.',
  429: "Over the token's rate limit: RATE_LIMITED, with Retry-After.",
};

/** The parameters of a path or query schema, one per property. */
function parametersOf(schema: ObjectSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function operationObject(op: ApiV1Operation) {
  const errorRef = { $ref: '#/components/schemas/Error' };
  const errorStatuses = [...new Set([...op.errors, ...(op.scope ? [401, 403, 429] : [])])].sort();
  const success =
    op.response === 'pdf'
      ? {
          description: 'The PDF.',
          content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
        }
      : op.response === 'openapi'
        ? { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } }
        : {
            description: 'OK',
            content: { 'application/json': { schema: jsonSchemaOf(op.response.schema, 'output') } },
          };
  const successStatus = typeof op.response === 'object' ? op.response.status : 200;
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.scope ? `Scope: \`${op.scope}\`.` : 'No token.',
    'x-scopes': op.scope ? [op.scope] : [],
    security: op.scope ? [{ bearer: [] }] : [],
    parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')],
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } } }
      : {}),
    responses: {
      [String(successStatus)]: success,
      ...Object.fromEntries(
        errorStatuses.map((status) => [
          String(status),
          { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: errorRef } } },
        ]),
      ),
    },
  };
}

/** The document GET /api/v1/openapi.json answers, and the console's page for IT renders. */
export function apiV1OpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_V1_OPERATIONS) {
    (paths[`${API_V1_PREFIX}${op.path}`] ??= {})[op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Admissions Portal API',
      version: '1',
      description:
        "Read applications for the student-record system and write its ids back. Tokens are issued by the office's " +
        'administrators at /staff/integrations, each with its scopes and, if limited, its programs, and are sent as ' +
        "`Authorization: Bearer …`. Every call is audited with the token's name. Nothing provisional is ever in an " +
        'answer: a decision appears once released.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token from the console.' } },
      schemas: { Error: jsonSchemaOf(apiV1Error, 'output') },
    },
  };
}
