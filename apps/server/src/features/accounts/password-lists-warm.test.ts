import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { passwordListsLoaded } from './common-passwords';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the common-password dictionaries', () => {
  it('are not built by a test or development server until a password is checked', async () => {
    t = await startTestApp();
    expect(passwordListsLoaded()).toBe(false);
  });

  it('are built by a production server once it is ready, before its first sign-up', async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
    await expect.poll(passwordListsLoaded, { timeout: 20_000 }).toBe(true);
  });
});
