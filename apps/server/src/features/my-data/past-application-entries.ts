import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { pastApplicationsOf } from '../cycles';
import { drawnCopy, type ApplicantCopies } from '../pdf';
import type { ZipEntry } from './zip-stream';
import { iso, json } from './entry-values';

/**
 * The applications of earlier cycles that the account's current one replaced
 * (decision 052): each one's answers and its PDF copy, under its cycle. They
 * are the applicant's data as much as the current one; their copies are drawn
 * (or taken from memory) one after another, before the first byte goes out.
 */
export async function pastApplicationEntries(
  deps: AppDeps,
  copies: ApplicantCopies,
  accountId: string,
  log: FastifyBaseLogger,
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const used = new Set<string>();
  for (const past of await pastApplicationsOf(deps.db, accountId, deps.config.tenant.cycle.id)) {
    const { rows } = await deps.db.query<{ answers: Record<string, string>; updated_at: Date }>(
      'SELECT answers, updated_at FROM applications WHERE user_id = $1',
      [past.owner_id],
    );
    const { pdf: copy } = await drawnCopy(copies.pastFile({ userId: past.owner_id, username: past.email }, log));
    // A cycle id is the tenant's (letters, digits, dashes), but a file name must never climb out of its folder.
    const cycleFolder = `past-applications/${past.cycle_id.replace(/[^\w.-]/g, '_')}`;
    // A cycle that held several applications of the account (issue 42): one folder each.
    const folder = used.has(cycleFolder) ? `${cycleFolder}-${used.size + 1}` : cycleFolder;
    used.add(folder);
    const answers = {
      cycle_id: past.cycle_id,
      submitted_at: iso(past.submitted_at),
      last_changed_at: iso(rows[0]?.updated_at),
      answers: rows[0]?.answers ?? {},
    };
    entries.push(
      { name: `${folder}/answers.json`, deflate: true, read: async () => json(answers) },
      { name: `${folder}/application-copy.pdf`, deflate: false, read: async () => copy },
    );
  }
  return entries;
}
