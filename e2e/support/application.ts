import { completeAnswers } from '@admissions/domain/testing';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Answers a question by its key: every input's id is its answer key, so
 * journeys need no knowledge of labels that repeat (City, Country, ...).
 */
export async function answer(page: Page, key: string, value: string) {
  const field = page.locator(`[id="${key}"]`);
  const [tag, type, masked] = await field.evaluate((el) => [
    el.tagName,
    el.getAttribute('type') ?? '',
    el.getAttribute('inputmode') === 'tel' || el.getAttribute('type') === 'tel',
  ]);
  if (tag === 'SELECT') {
    await field.selectOption(value);
  } else if (type === 'radio') {
    await page.locator(`input[type="radio"][name="${key}"][value="${value}"]`).check();
  } else if (type === 'checkbox') {
    await (value === 'true' ? field.check() : field.uncheck());
  } else if (masked) {
    await field.click();
    await field.pressSequentially(value.replace(/\D/g, ''));
  } else {
    await field.fill(value);
  }
}

export async function answerMonthYear(page: Page, key: string, yearMonth: string) {
  const [year, month] = yearMonth.split('-');
  await page.locator(`[id="${key}"]`).selectOption(String(Number(month)));
  await page.locator(`[id="${key}-year"]`).selectOption(year!);
}

/**
 * The domain's complete application (the one the server tests submit) as typed in the browser: the
 * phone as its digits (the field formats them), and an essay of the journeys' own.
 */
const TYPED: Record<string, string> = {
  ...completeAnswers(),
  phone_home: '2125550123',
  essay: 'I want to study education because teaching changed my life.',
};
const onPage = (keys: string[]): [string, string][] => keys.map((key) => [key, TYPED[key]!]);

/** A complete application, page by page, in the order the questions appear. */
export const COMPLETE: Record<string, [string, string][]> = {
  '/about': onPage([
    'first_name',
    'last_name',
    'birth_date',
    'phone_home',
    'country',
    'address_line_1',
    'city',
    'state',
    'zip',
    'mailing_addr_same_as_perm_addr',
    'citizenship',
  ]),
  '/education-alr': onPage([
    'entry_term',
    'applied_major',
    'entry_status',
    'college_name',
    'college_address_line_1',
    'college_city',
    'college_country',
    'college_state',
    'college_zip',
    'college_degree_type',
    'college_degree',
    'essay',
  ]),
  '/final-steps': onPage([
    'recommender_first_name',
    'recommender_last_name',
    'recommender_email',
    'suspended',
    'counselor_waiver_request',
    'acknowledgement',
    'legal_agree',
  ]),
};
export const COMPLETE_MONTH_YEAR: Record<string, [string, string][]> = {
  '/education-alr': onPage(['college_degree_earned_date']),
};

export async function fillPage(page: Page, path: string) {
  for (const [key, value] of COMPLETE[path] ?? []) await answer(page, key, value);
  for (const [key, value] of COMPLETE_MONTH_YEAR[path] ?? []) await answerMonthYear(page, key, value);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** What the server has stored, asked with the browser's own session cookie. */
/** When the page asked for each file or call it has fetched, by path, in milliseconds from its start. */
export async function resourceStarts(page: Page): Promise<{ path: string; at: number }[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
  );
}

export async function storedProfile(page: Page) {
  const res = await page.request.get('/api/profile');
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    answer: Record<string, string>;
    last_page: string | null;
    web_status: { web_status: string }[];
  };
}

/**
 * For page.addInitScript: records every layout shift of the page load, as the
 * browser reports it for CLS (shifts right after input do not count).
 */
export function recordLayoutShifts() {
  const w = window as unknown as { layoutShifts: number[] };
  w.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) w.layoutShifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts recordLayoutShifts has seen, once the frames drawn so far have been reported. */
export async function layoutShifts(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}
