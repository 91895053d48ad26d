import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * How long one look for the target waits for it to be there: three times the expectations' limit
 * (playwright.config.ts), for a control that comes with a server's answer on a slow machine, and still half a
 * journey's own timeout at most (60 s, or more where the journey sets it).
 */
const LOOK_TIMEOUT = 30_000;

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times: proof that the keyboard alone
 * reaches it. A target that is not on the page (a menu that closed, a link not offered) fails within LOOK_TIMEOUT,
 * naming it and saying what the page showed, instead of holding the test to its own timeout.
 */
export async function tabTo(page: Page, target: Locator, max = 150, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    let focused: boolean;
    try {
      focused = await target.evaluate((el) => el === document.activeElement, undefined, { timeout: LOOK_TIMEOUT });
    } catch (error) {
      // What the page was then, in CI's own output: a journey's trace stays on the machine that ran it.
      throw new Error(`${String(target)} is not on the page after ${i} presses of ${key}.\n${await pageNow(page)}`, {
        cause: error,
      });
    }
    if (focused) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The focused element and the page's accessibility tree (its first 4,000 characters), as far as they can be read. */
async function pageNow(page: Page): Promise<string> {
  try {
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'none (the page itself)';
      return `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 80)}`;
    });
    const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    return `Focus: ${focus}. The page at ${page.url()}:\n${tree.slice(0, 4_000)}`;
  } catch {
    return 'The page could not be read.';
  }
}
