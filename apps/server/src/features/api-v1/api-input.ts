import type { ErrorCode } from '@admissions/domain';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';

/**
 * Parses an /api/v1 input (a query, a path's parameters, a body) with its schema, the one the OpenAPI document is
 * generated from. A mismatch is a 400 with the code the field's kind calls for (API_LIMIT_INVALID for `limit`,
 * API_CURSOR_INVALID for `cursor`, ...), `fallback` for the others, and the offending fields, as parseBody says them.
 */
export function parseApiInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fallback: ErrorCode,
  codeOfField: Readonly<Record<string, ErrorCode>> = {},
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  let code: ErrorCode | undefined;
  for (const issue of result.error.issues) {
    const key = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(',')
        : '_';
    (errors[key] ??= []).push(issue.message);
    code ??= codeOfField[String(issue.path[0] ?? '')];
  }
  throw new AppError(code ?? fallback, { errors });
}
