import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');

/**
 * Applies the SQL files of migrations/ in name order, each once, in one
 * transaction. An advisory lock keeps several server processes starting at
 * the same time from applying the same migration twice.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const sources = await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const));
  return db.transaction(async (tx) => {
    // Another process may be migrating right now; wait for it however long it takes.
    await tx.query('SET LOCAL lock_timeout = 0');
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock(7262231)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const [id, sql] of sources) {
      if (done.has(id)) continue;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [id]);
      applied.push(id);
    }
    return applied;
  });
}

/**
 * Both drivers' query() takes one statement at a time, so a migration file is
 * split at semicolons that end a line (migrations hold no function bodies).
 */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
