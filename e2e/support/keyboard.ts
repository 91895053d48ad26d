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
 * naming it, instead of holding the test to its own timeout.
 */
export async function tabTo(page: Page, target: Locator, max = 150, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: LOOK_TIMEOUT })) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
