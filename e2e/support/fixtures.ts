import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeFrom, waitForMail } from './mailbox';

/** An expected 4xx answer shows up in Chromium's console; anything else logged as an error fails the test, and so does a wasted preload. */
const EXPECTED_HTTP_ERROR = /Failed to load resource: the server responded with a status of 4\d\d/;
/**
 * Chromium warns when a file or call named in a page's Link header is not taken up by the page,
 * or cannot be (another credentials mode): it was then fetched twice, or for nothing.
 */
const WASTED_PRELOAD = /\bpreload(?:ed)?\b.*\bnot used\b/i;

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED_HTTP_ERROR.test(msg.text())) errors.push(msg.text());
        if (msg.type() === 'warning' && WASTED_PRELOAD.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** WCAG 2.2 AA check of the page as it is now. */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

let counter = 0;
/** A fresh address per journey, so runs never collide with earlier accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.edu`;
}

export const PASSWORD = 'Correct-Horse-42';

/** State-changing calls must come from the product's own origin, as the browser's would. */
export function sameOrigin(): Record<string, string> {
  return { origin: String(test.info().project.use.baseURL) };
}

/** Signs up and confirms through the API, reading the code from the e-mail. */
export async function createConfirmedAccount(request: APIRequestContext, email: string, password = PASSWORD) {
  const signup = await request.post('/public/signup', { data: { username: email, password }, headers: sameOrigin() });
  expect(signup.status()).toBe(200);
  const code = codeFrom(await waitForMail(email, /confirmation code/));
  const confirm = await request.post('/public/confirm', { data: { username: email, code }, headers: sameOrigin() });
  expect(confirm.status()).toBe(200);
}

/**
 * The office's account (STAFF_EMAIL): signed up by whichever journey needs it first in a run, so
 * each staff journey also passes alone. Leaves `request` logged out.
 */
export async function ensureStaffAccount(request: APIRequestContext, email: string) {
  const login = await request.post('/public/login', {
    data: { username: email, password: PASSWORD },
    headers: sameOrigin(),
  });
  if (login.status() === 200) await request.post('/api/logout', { headers: sameOrigin() });
  else await createConfirmedAccount(request, email);
}
