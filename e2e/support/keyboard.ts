import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** How long one look for the target waits for it to be there: the expectations' own limit (playwright.config.ts). */
const LOOK_TIMEOUT = 10_000;

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times: proof that the keyboard alone
 * reaches it. A target that is not on the page (a menu that closed, a link not offered) fails within the
 * expectations' limit, naming it, instead of holding the test to its own timeout.
 */
export async function tabTo(page: Page, target: Locator, max = 150, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: LOOK_TIMEOUT })) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
