import { completeAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest, type Locator } from '@playwright/test';
import { logIn } from '../support/application';
import {
  createConfirmedAccount,
  ensureStaffAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';
import { closeCycleOf } from '../support/server-clock';
import { tabTo } from '../support/keyboard';

/**
 * The director's reports (issue 47): by keyboard from the console's navigation to the funnel, switching program
 * and cycle, each report axe-clean, and the pace chart drawn (a screenshot that is not blank).
 */
const LAST_CYCLE = '2025-26';

/** A submitted application to `program`, made through the API in a context of its own; its e-mail. */
async function submitted(baseURL: string, program: string): Promise<string> {
  const email = uniqueEmail('report');
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  const answers = { ...completeAnswers(), last_name: 'Reportson', applied_major: program };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
  return email;
}

/** The count in a report table's row, by the row's first cell. */
async function countIn(table: Locator, row: string): Promise<number> {
  const cells = table.getByRole('row', { name: new RegExp(`^${row}\\b`) }).getByRole('cell');
  return Number((await cells.first().innerText()).replace(/[^0-9]/g, ''));
}

test('the director reaches the reports by keyboard, switches program and cycle, and reads each report', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await submitted(baseURL!, 'MAE');
  await submitted(baseURL!, 'MAPP');
  // One of last cycle's, as after a start with the next cycle's tenant file.
  await closeCycleOf(await submitted(baseURL!, 'MAE'), LAST_CYCLE);
  await ensureStaffAccount(request, STAFF_EMAIL);

  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  const reportsLink = page
    .getByRole('navigation', { name: 'Admissions office' })
    .getByRole('link', { name: 'Reports' });
  await tabTo(page, reportsLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // The funnel of the open cycle, every program: its summary says what its table holds.
  const funnel = page.getByRole('table', { name: 'Applications at each step' });
  await expect(funnel).toBeVisible();
  const submittedAll = await countIn(funnel, 'Submitted');
  expect(submittedAll).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('report-summary')).toContainText(String(submittedAll));
  await expectAxeClean(page);

  // One program: the address keeps it, and the table counts fewer than all programs together.
  const program = page.getByRole('combobox', { name: 'Program' });
  await tabTo(page, program);
  await program.selectOption({ label: await program.locator('option[value="MAPP"]').innerText() });
  await expect(page).toHaveURL(/program=MAPP/);
  await expect(program).toBeFocused();
  await expect.poll(() => countIn(funnel, 'Submitted')).toBeLessThan(submittedAll);
  expect(await countIn(funnel, 'Submitted')).toBeGreaterThanOrEqual(1);

  // Last cycle, every program: the one moved there is counted, and the address says which cycle.
  await program.selectOption('');
  const cycle = page.getByRole('combobox', { name: 'Cycle' });
  await cycle.selectOption(LAST_CYCLE);
  await expect(page).toHaveURL(new RegExp(`cycle=${LAST_CYCLE}`));
  await expect.poll(() => countIn(funnel, 'Submitted')).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);

  // Every other report of the open cycle, reached from the reports' own navigation, axe-clean.
  const reportsNav = page.getByRole('navigation', { name: 'Reports' });
  for (const name of ['Pace', 'Timing', 'Yield', 'Reviewers', 'Equality']) {
    await page.goto('/staff/reports');
    await reportsNav.getByRole('link', { name: new RegExp(name, 'i') }).click();
    await expect(reportsNav.getByRole('link', { name: new RegExp(name, 'i') })).toHaveAttribute('aria-current', 'page');
    // The equality report refuses a cycle of fewer than five submissions (so no one's answers can be told),
    // which this shared database may be when this journey runs alone: either state must be axe-clean.
    await expect(
      page
        .getByRole('table')
        .first()
        .or(page.getByRole('alert').filter({ hasText: /^Fewer than \d+ submitted applications in this choice/ })),
    ).toBeVisible();
    await expectAxeClean(page);
  }
});

test('the pace chart is drawn: its screenshot has this cycle’s line and last cycle’s on the canvas', async ({
  page,
  request,
  baseURL,
}) => {
  await submitted(baseURL!, 'MAE');
  await closeCycleOf(await submitted(baseURL!, 'MAE'), LAST_CYCLE);
  await ensureStaffAccount(request, STAFF_EMAIL);
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await page.goto('/staff/reports/pace');
  await expect(page.getByRole('table', { name: /Submitted by day/ })).toBeVisible();
  const canvas = page.getByTestId('chart-canvas').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.height).toBeGreaterThan(100);
  // The picture as the browser shows it, counted by colour: each series is drawn in its own theme colour
  // (chart-spec.ts), so a missing line, an empty canvas or a broken drawing leaves one of the counts near zero.
  const png = (await canvas.screenshot()).toString('base64');
  const counts = await page.evaluate(async (data) => {
    const rgb = (name: string) => {
      const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim().replace('#', '');
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    };
    const series = [rgb('--color-primary-main'), rgb('--color-secondary-dark')];
    // Decoded from the bytes themselves: the page's Content Security Policy allows no fetch of a data: URL.
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const scratch = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = scratch.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const near = series.map(() => 0);
    for (let i = 0; i < pixels.length; i += 4)
      series.forEach(([r, g, b], s) => {
        if (Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!) + Math.abs(pixels[i + 2]! - b!) < 60)
          near[s] = near[s]! + 1;
      });
    return { thisCycle: near[0]!, lastCycle: near[1]!, all: pixels.length / 4 };
  }, png);
  // Lines, not filled boxes: each colour on some hundreds of pixels, far from the whole canvas.
  expect(counts.thisCycle).toBeGreaterThan(100);
  expect(counts.lastCycle).toBeGreaterThan(40);
  expect(counts.thisCycle + counts.lastCycle).toBeLessThan(counts.all / 4);
});
