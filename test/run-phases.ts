/**
 * `npm test`: every check, one phase after another, stopping at the first that fails. At the end it prints
 * how long each phase took (with the install phases `.ci/run` hands over in CI_SETUP_TIMES) and the slowest
 * test files of the run, so a suite that grows shows where its minutes go (issue 40).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { filesLostToWorkerExit, WORKER_EXIT } from './lost-files';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'ap-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const SLOWEST = 15;

const phases: { name: string; command: string[]; env?: Record<string, string> }[] = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  {
    name: 'unit and server tests',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'browser journeys',
    command: ['npm', 'test', '-w', '@admissions/e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  },
];

const took: [string, number][] = (process.env.CI_SETUP_TIMES ?? '')
  .split(' ')
  .filter(Boolean)
  .map((pair) => {
    const [name, seconds] = pair.split('=');
    return [name ?? '?', Number(seconds)];
  });

let failed: string | undefined;
const rerun: string[] = [];
for (const phase of phases) {
  const started = performance.now();
  const run = await runShowing(phase.command, phase.env);
  let ok = run.status === 0;
  // A vitest worker that exits mid-file loses that file without failing a test (seen once in CI, cause
  // unknown): only those files run again, once, and the end of the run names them.
  if (!ok && phase.command.includes('vitest') && run.output.includes(WORKER_EXIT)) ok = await runLostFilesAgain();
  took.push([phase.name, (performance.now() - started) / 1000]);
  if (!ok) {
    failed = phase.name;
    break;
  }
}

console.log('\nTime of each phase:');
for (const [name, seconds] of took) console.log(`  ${name.padEnd(24)} ${minutes(seconds)}`);
console.log(`  ${'total'.padEnd(24)} ${minutes(took.reduce((sum, [, s]) => sum + s, 0))}`);

const files = [...vitestFiles(), ...playwrightFiles()].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
if (files.length > 0) {
  console.log(`\nThe ${files.length} slowest test files:`);
  for (const file of files) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}
rmSync(reports, { recursive: true, force: true });
if (rerun.length > 0) {
  console.log(`\nA vitest worker exited in the middle of a file; these ran again, alone, and passed:`);
  for (const line of rerun) console.log(`  ${line}`);
}
if (failed) {
  console.error(`\n${failed} failed`);
  process.exit(1);
}

/** Runs a command with its output shown as it comes, and kept to be searched. */
function runShowing(command: string[], env: Record<string, string> = {}): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      // Only the end matters (vitest's summary and errors): a bounded tail.
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', (c: Buffer) => keep(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => keep(c, process.stderr));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** The files a worker exit lost, run again; true when there were some (at most 3) and they all passed. */
async function runLostFilesAgain(): Promise<boolean> {
  const lost = filesLostToWorkerExit(root, vitestReport);
  if (lost.length === 0 || lost.length > 3) return false;
  for (const { file, projects } of lost) {
    const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), file];
    console.log(`\n${WORKER_EXIT}: running ${path.relative(root, file)} again (${projects.join(', ')})`);
    if ((await runShowing(['npx', ...args])).status !== 0) return false;
    rerun.push(`${path.relative(root, file)} (${projects.join(', ')})`);
  }
  return true;
}

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}

/** Vitest's JSON report: one entry per file and project, with its start and end. */
function vitestFiles(): { name: string; seconds: number }[] {
  if (!existsSync(vitestReport)) return [];
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number; assertionResults: { title: string }[] }[];
  };
  return report.testResults.map((file) => ({
    name: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** Playwright's JSON report: a file's time is the sum of its tests' runs. */
function playwrightFiles(): { name: string; seconds: number }[] {
  if (!existsSync(playwrightReport)) return [];
  interface Suite {
    file: string;
    specs: { tests: { projectName: string; results: { duration: number }[] }[] }[];
    suites?: Suite[];
  }
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8')) as { suites: Suite[] };
  const byFile = new Map<string, number>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        for (const result of test.results) {
          const key = `e2e/tests/${suite.file} (${test.projectName})`;
          byFile.set(key, (byFile.get(key) ?? 0) + result.duration / 1000);
        }
    suite.suites?.forEach(walk);
  };
  report.suites.forEach(walk);
  return [...byFile].map(([name, seconds]) => ({ name, seconds }));
}
