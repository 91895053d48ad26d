import { z } from 'zod';
import { API_TOKEN_SCOPES, WEBHOOK_EVENT_TYPES } from '../api/integrations';

/**
 * The bodies of the console's integration calls (issue 45; contracts in api/integrations.ts). Unknown scopes and
 * events are named by the server's own codes (API_SCOPE_UNKNOWN, WEBHOOK_EVENT_UNKNOWN), so they are strings here.
 */
export const apiTokenBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().max(50)).min(1).max(API_TOKEN_SCOPES.length),
  programs: z.array(z.string().max(20)).min(1).max(200).optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});

export const webhookEndpointBody = z.strictObject({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.string().max(50)).min(1).max(WEBHOOK_EVENT_TYPES.length),
  description: z.string().trim().max(200).optional(),
});

/** A system's name in PUT /api/v1/applications/{id}/external-ids/{system}. */
export const EXTERNAL_SYSTEM_PATTERN = /^[a-z0-9_-]{1,32}$/;
