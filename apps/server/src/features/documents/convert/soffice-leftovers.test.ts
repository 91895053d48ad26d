import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordSofficeGroup, removeDeadConversionFolders, workFolderPrefix } from './soffice-leftovers';

/** The id of a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A folder with what a conversion leaves: a profile and the document. */
async function conversionFolder(tmp: string, name: string): Promise<string> {
  const folder = path.join(tmp, name);
  await mkdir(path.join(folder, 'profile', 'user'), { recursive: true });
  await writeFile(path.join(folder, 'profile', 'user', 'registrymodifications.xcu'), '<oor:items/>');
  await mkdir(path.join(folder, 'in'));
  await writeFile(path.join(folder, 'in', 'document.docx'), 'PK');
  return folder;
}

describe('the LibreOffice folders of killed conversions', () => {
  let tmp: string;
  beforeEach(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'ap-leftovers-'));
  });
  afterEach(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it("removes a dead process's work folders and profile template, and keeps live work and other files", async () => {
    const dead = await deadPid();
    const live = await conversionFolder(tmp, `${workFolderPrefix()}live01`);
    await conversionFolder(tmp, `ap-soffice-${dead}-abc123`);
    await conversionFolder(tmp, `ap-soffice-template-${dead}-def456`);
    // A live process other than this one (the test runner's parent), and files that are not ours.
    await conversionFolder(tmp, `ap-soffice-${process.ppid}-ghi789`);
    await mkdir(path.join(tmp, 'ap-test-unrelated'));

    expect(await removeDeadConversionFolders(tmp)).toBe(2);
    expect((await readdir(tmp)).sort()).toEqual(
      [path.basename(live), `ap-soffice-${process.ppid}-ghi789`, 'ap-test-unrelated'].sort(),
    );
  });

  it('removes a folder with this process id made before this process started (an earlier process had the id)', async () => {
    const mine = await conversionFolder(tmp, `${workFolderPrefix()}old001`);
    const before = new Date(Date.now() - process.uptime() * 1000 - 60_000);
    await utimes(mine, before, before);
    const current = await conversionFolder(tmp, `${workFolderPrefix()}new001`);

    expect(await removeDeadConversionFolders(tmp)).toBe(1);
    expect(await readdir(tmp)).toEqual([path.basename(current)]);
  });

  it('ends the LibreOffice a killed process left running in its folder, and nothing else', async () => {
    const dead = await deadPid();
    const folder = await conversionFolder(tmp, `ap-soffice-${dead}-orphan`);
    // Stands in for LibreOffice: its own process group, working in the folder, as soffice.ts starts it.
    const orphan = spawn('sleep', ['60'], { cwd: folder, detached: true, stdio: 'ignore' });
    const ended = new Promise((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    await recordSofficeGroup(folder, orphan.pid!);
    // A recorded group that works elsewhere (an id given to another process since) is left alone.
    const stranger = spawn('sleep', ['60'], { cwd: tmp, detached: true, stdio: 'ignore' });
    const elsewhere = await conversionFolder(tmp, `ap-soffice-${await deadPid()}-reused`);
    await recordSofficeGroup(elsewhere, stranger.pid!);
    try {
      expect(await removeDeadConversionFolders(tmp)).toBe(2);
      expect(await ended).toBe('SIGKILL');
      expect(stranger.exitCode).toBeNull();
      expect(stranger.signalCode).toBeNull();
    } finally {
      orphan.kill('SIGKILL');
      stranger.kill('SIGKILL');
    }
  });
});
