import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:fs';
import { rmSync } from 'node:fs';
import { access, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FILE_MESSAGES } from '@admissions/domain';
import { ConversionRefused } from './conversion-refused';
import { recordSofficeGroup, templateFolderPrefix, workFolderPrefix } from './soffice-leftovers';
import { REGISTRY_MODIFICATIONS } from './soffice-profile';

export interface SofficeOptions {
  sofficePath: string;
  timeoutMs: number;
  memoryMb: number;
}

/** The sandbox this machine offers around LibreOffice, found once per process. */
export interface Sandbox {
  /** `unshare -n`: a network namespace with no interface up (needs root or user namespaces). */
  noNetwork: boolean;
  /** `prlimit`: address-space and CPU-time limits. */
  limits: boolean;
}

let sandbox: Sandbox | undefined;
export function detectSandbox(): Sandbox {
  if (!sandbox) {
    const works = (cmd: string, args: string[]) => {
      try {
        return spawnSync(cmd, args, { stdio: 'ignore', timeout: 5000 }).status === 0;
      } catch {
        return false;
      }
    };
    sandbox = { noNetwork: works('unshare', ['-n', 'true']), limits: works('prlimit', ['--as=1073741824', 'true']) };
  }
  return sandbox;
}

/** The LibreOffice binary, or null when it is not installed. */
export async function findSoffice(sofficePath: string): Promise<string | null> {
  const candidates = sofficePath.includes('/')
    ? [sofficePath]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, sofficePath));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next folder
    }
  }
  return null;
}

/**
 * Converts a docx (already inspected, see inspect-docx) to PDF with LibreOffice
 * headless, in a fresh profile that blocks links and macros, with no network
 * (when the machine allows a network namespace), an address-space and CPU
 * limit, a lower scheduling priority than the web server, and a time limit
 * after which the whole process group is killed.
 */
export async function convertDocxWithSoffice(bytes: Uint8Array, options: SofficeOptions): Promise<Uint8Array> {
  const soffice = await findSoffice(options.sofficePath);
  if (!soffice) throw new ConversionRefused(FILE_MESSAGES.docxConverterUnavailable, 'LibreOffice is not installed');
  const work = await mkdtemp(path.join(tmpdir(), workFolderPrefix()));
  try {
    const profile = path.join(work, 'profile');
    const template = await profileTemplate(soffice, options);
    if (template) await cp(template, profile, { recursive: true });
    else await writeProfile(profile);
    const input = path.join(work, 'in', 'document.docx');
    const outDir = path.join(work, 'out');
    await mkdir(path.dirname(input));
    await mkdir(outDir);
    await writeFile(input, bytes);

    const command = [
      ...sandboxed(soffice, options),
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--norestore',
      '--nofirststartwizard',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      outDir,
      input,
    ];
    await run(command, work, options.timeoutMs);
    let pdf: Buffer;
    try {
      pdf = await readFile(path.join(outDir, 'document.pdf'));
    } catch {
      throw new ConversionRefused(FILE_MESSAGES.conversionFailed, 'LibreOffice wrote no PDF');
    }
    if (pdf.length === 0) throw new ConversionRefused(FILE_MESSAGES.conversionFailed, 'LibreOffice wrote an empty PDF');
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The command prefix that runs LibreOffice without network, within limits, below the server's priority. */
function sandboxed(soffice: string, options: SofficeOptions): string[] {
  const box = detectSandbox();
  const seconds = Math.ceil(options.timeoutMs / 1000);
  return [
    ...(box.noNetwork ? ['unshare', '-n'] : []),
    ...(box.limits ? ['prlimit', `--as=${options.memoryMb * 1_048_576}`, `--cpu=${seconds}`, '--core=0'] : []),
    'nice',
    '-n',
    '10',
    soffice,
  ];
}

async function writeProfile(profile: string): Promise<void> {
  await mkdir(path.join(profile, 'user'), { recursive: true });
  await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), REGISTRY_MODIFICATIONS);
}

const SETTINGS = ['BlockUntrustedRefererLinks', 'DisableMacrosExecution', 'MacroSecurityLevel', '"Link"'];
let template: Promise<string | null> | undefined;

/**
 * A profile LibreOffice has initialised once (`--terminate_after_init`) with our
 * settings and no document ever opened in it, made once per process. Each
 * conversion gets a fresh copy of it, which spares LibreOffice its first-start
 * work. If it cannot be made, or LibreOffice dropped one of our settings, each
 * conversion starts from an empty profile with the settings instead.
 */
function profileTemplate(soffice: string, options: SofficeOptions): Promise<string | null> {
  template ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), templateFolderPrefix()));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    try {
      const profile = path.join(dir, 'profile');
      await writeProfile(profile);
      await run(
        [
          ...sandboxed(soffice, options),
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--headless',
          '--terminate_after_init',
        ],
        dir,
        options.timeoutMs,
      );
      const settings = await readFile(path.join(profile, 'user', 'registrymodifications.xcu'), 'utf8');
      return SETTINGS.every((s) => settings.includes(s)) ? profile : null;
    } catch {
      return null;
    }
  })();
  return template;
}

function run(command: string[], home: string, timeoutMs: number): Promise<void> {
  const [file, ...args] = command as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      // Its own process group, so the whole tree (soffice.bin and helpers) can be killed at once.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' },
      cwd: home,
    });
    // So that a later process can end this LibreOffice if this one is killed (soffice-leftovers.ts).
    if (child.pid) recordSofficeGroup(home, child.pid).catch(() => undefined);
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      if (stderr.length < 4000) stderr += c.toString();
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Helpers that outlived the main process go too.
      killGroup();
      if (timedOut)
        reject(new ConversionRefused(FILE_MESSAGES.docxTooComplex, `LibreOffice took longer than ${timeoutMs} ms`));
      else if (code === 0) resolve();
      else reject(new Error(`LibreOffice exited with ${code ?? signal}: ${stderr.trim().slice(0, 500)}`));
    });
  });
}
