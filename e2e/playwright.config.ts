import { defineConfig } from '@playwright/test';
import { freePortSync } from './support/free-port';

// Chosen once by the runner and inherited by its workers, so parallel runs on one machine never collide.
process.env.E2E_PORT ??= String(freePortSync());
const E2E_PORT = Number(process.env.E2E_PORT);
// The control of the server's clock (decision 053), and the second stack (lakeside tenant) with its own.
process.env.E2E_CLOCK_PORT ??= String(freePortSync());
process.env.E2E_LAKESIDE_PORT ??= String(freePortSync());
process.env.E2E_LAKESIDE_CLOCK_PORT ??= String(freePortSync());
const E2E_LAKESIDE_PORT = Number(process.env.E2E_LAKESIDE_PORT);
const SECOND_TENANT_SPEC = /second-tenant\.spec\.ts$/;
// The third stack (issue 44): staff sign-in with a second factor and the campus account, with its own clock.
process.env.E2E_CAMPUS_PORT ??= String(freePortSync());
process.env.E2E_CAMPUS_CLOCK_PORT ??= String(freePortSync());
const E2E_CAMPUS_PORT = Number(process.env.E2E_CAMPUS_PORT);
const STAFF_SIGN_IN_SPEC = /staff-sign-in.*\.spec\.ts$/;

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against
 * the production build served by the real server, on a fresh embedded
 * database, with mail delivered over SMTP to a local sink.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test also asks for the JSON report, to list the slowest files at the end (test/run-phases.ts).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [SECOND_TENANT_SPEC, STAFF_SIGN_IN_SPEC],
      use: { viewport: { width: 1280, height: 900 } },
    },
    // Issue 29: another college's tenant file on a stack of its own.
    {
      name: 'lakeside',
      testMatch: SECOND_TENANT_SPEC,
      use: { viewport: { width: 1280, height: 900 }, baseURL: `http://localhost:${E2E_LAKESIDE_PORT}` },
    },
    // Issue 44: staff sign in with a second factor (STAFF_MFA=required) or the campus account, on a stack of its own.
    {
      name: 'campus',
      testMatch: STAFF_SIGN_IN_SPEC,
      use: { viewport: { width: 1280, height: 900 }, baseURL: `http://localhost:${E2E_CAMPUS_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx support/start-stack.ts',
      cwd: import.meta.dirname,
      // A school search answers nothing until the indexes are built; a lookup by id waits for them.
      url: `http://localhost:${E2E_PORT}/lookup/find?id=166027&category=college_ceeb`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(E2E_PORT), E2E_CLOCK_PORT: process.env.E2E_CLOCK_PORT },
    },
    {
      command: 'node --import tsx support/start-stack.ts',
      cwd: import.meta.dirname,
      url: `http://localhost:${E2E_LAKESIDE_PORT}/public/tenant`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_STACK: 'lakeside',
        E2E_PORT: String(E2E_LAKESIDE_PORT),
        E2E_CLOCK_PORT: process.env.E2E_LAKESIDE_CLOCK_PORT,
      },
    },
    {
      command: 'node --import tsx support/start-stack.ts',
      cwd: import.meta.dirname,
      url: `http://localhost:${E2E_CAMPUS_PORT}/public/tenant`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_STACK: 'campus',
        E2E_PORT: String(E2E_CAMPUS_PORT),
        E2E_CLOCK_PORT: process.env.E2E_CAMPUS_CLOCK_PORT,
      },
    },
  ],
});
