import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Vitest's words when a worker process ends in the middle of a file (a crash, or a signal from outside):
 * the file has no result, and the run fails without a failed test.
 */
export const WORKER_EXIT = 'Worker exited unexpectedly';

interface Report {
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}

/**
 * The test files a run lost to a worker that exited, each with the projects that run it: a file whose
 * tests the report still has as pending (never run), or that it lacks, among the files vitest lists.
 * Empty when any test or file failed on its own (that failure stands) or when the report is missing.
 */
export function filesLostToWorkerExit(root: string, reportPath: string): { file: string; projects: string[] }[] {
  if (!existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
  if (report.numFailedTests > 0 || report.testResults.some((r) => r.status === 'failed')) return [];
  const listed = spawnSync('npx', ['vitest', 'list', '--filesOnly', '--json'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) return [];
  const expected = JSON.parse(listed.stdout) as { file: string; projectName: string }[];
  // A file runs once per project it belongs to; the report names it once per run, without the project.
  const ran = new Map<string, number>();
  const unfinished = new Set<string>();
  for (const r of report.testResults) {
    ran.set(r.name, (ran.get(r.name) ?? 0) + 1);
    if (r.assertionResults.some((a) => a.status === 'pending')) unfinished.add(r.name);
  }
  const projects = new Map<string, string[]>();
  for (const e of expected) projects.set(e.file, [...(projects.get(e.file) ?? []), e.projectName]);
  return [...projects]
    .filter(([file, names]) => unfinished.has(file) || (ran.get(file) ?? 0) < names.length)
    .map(([file, names]) => ({ file, projects: names }));
}
