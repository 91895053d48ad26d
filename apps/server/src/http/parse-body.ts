import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses a request body against its contract; a mismatch is a 400 with the offending fields. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(',')
        : '_';
    (errors[key] ??= []).push(issue.message);
  }
  throw new AppError('BAD_REQUEST', { errors });
}
