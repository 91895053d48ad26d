import { readdir, readFile, readlink, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Each conversion works in a folder of the temporary directory named after the
 * process that made it (`ap-soffice-<pid>-…`, and the per-process profile
 * template `ap-soffice-template-<pid>-…`). A process that is killed mid-way
 * never removes its folders (about 600 KB of LibreOffice profile each), and its
 * LibreOffice, in a process group of its own, outlives it. The names let any
 * later process on the machine tell such leftovers from live work.
 */
export const workFolderPrefix = () => `ap-soffice-${process.pid}-`;
export const templateFolderPrefix = () => `ap-soffice-template-${process.pid}-`;

const OWNED = /^ap-soffice-(?:template-)?(\d+)-/;
/** Written into a work folder once LibreOffice runs: the id of its process group. */
const GROUP_FILE = 'soffice.pgid';

export async function recordSofficeGroup(workFolder: string, pgid: number): Promise<void> {
  await writeFile(path.join(workFolder, GROUP_FILE), String(pgid));
}

const processStartedAt = Date.now() - process.uptime() * 1000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A folder whose process has died; or one bearing this process's id but older
 * than it, left by an earlier process that had the same id (a restarted
 * container often does).
 */
async function isDead(folder: string, pid: number): Promise<boolean> {
  if (pid !== process.pid) return !isAlive(pid);
  const { mtimeMs } = await stat(folder);
  return mtimeMs < processStartedAt;
}

/**
 * Ends a dead conversion's LibreOffice, if it still runs: only a process group
 * whose leader still works in that very folder, so an id the system has since
 * given to another process is never touched. Where /proc is missing nothing is killed.
 */
async function endOrphan(folder: string): Promise<void> {
  const pgid = Number(await readFile(path.join(folder, GROUP_FILE), 'utf8').catch(() => ''));
  if (!Number.isInteger(pgid) || pgid <= 1) return;
  const cwd = await readlink(`/proc/${pgid}/cwd`).catch(() => null);
  if (!cwd || cwd !== (await realpath(folder))) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Removes the conversion folders of dead processes from the temporary
 * directory (after ending a LibreOffice still running in one). Run when the
 * conversion worker starts and by housekeeping; returns how many went.
 */
export async function removeDeadConversionFolders(tmp = tmpdir()): Promise<number> {
  const names = await readdir(tmp).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const pid = Number(OWNED.exec(name)?.[1]);
    if (!pid) continue;
    const folder = path.join(tmp, name);
    if (!(await isDead(folder, pid).catch(() => false))) continue;
    await endOrphan(folder);
    await rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
