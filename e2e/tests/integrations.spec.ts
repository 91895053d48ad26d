import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logIn } from '../support/application';
import { tabTo } from '../support/keyboard';
import { ensureStaffAccount, expect, expectAxeClean, PASSWORD, test } from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a loopback port chosen at run time: it keeps what it is sent and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/admissions`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Integration (issue 45), in Chromium: an administrator creates an API token by keyboard and sees its secret once
 * (the API answers a call made with it), adds a webhook endpoint pointing at a receiver this test runs, sends a test
 * event, sees its delivery in the log and sends it again: the receiver gets it twice under the same webhook-id.
 * Axe on /staff/integrations (its dialogs open too) and on /staff/integrations/api.
 */
test('an administrator creates a token and a webhook, sees the delivery in the log and sends it again', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const stamp = Date.now().toString(36);
    await ensureStaffAccount(request, STAFF_EMAIL);
    await logIn(page, STAFF_EMAIL, PASSWORD);
    await page.goto('/staff/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    const tokens = page.getByRole('region', { name: 'API tokens', exact: true });
    await expect(tokens.getByRole('button', { name: 'Create a token' })).toBeVisible();
    await expectAxeClean(page);

    // The token, by keyboard.
    const create = page.getByRole('button', { name: 'Create a token' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create a token' });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    const tokenName = `Banner import ${stamp}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(tokenName);
    const scope = dialog.getByRole('checkbox', { name: /^applications:read/ });
    await tabTo(page, scope);
    await page.keyboard.press('Space');
    await expect(scope).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Create the token' }));
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: `The token “${tokenName}” was created` });
    await expect(shown).toBeVisible();
    await expect(shown.getByText(/it will not be shown again/)).toBeFocused();
    const secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    await expect(create).toBeFocused();
    // Once closed, the secret is nowhere on the page; the list shows the token by its prefix.
    expect(await page.content()).not.toContain(secret);
    const row = tokens.getByRole('row', { name: new RegExp(tokenName) });
    await expect(row).toContainText('applications:read');
    const prefix = (await row.locator('td code').first().textContent())!.replace('…', '');
    expect(secret.startsWith(prefix)).toBe(true);

    // The token works on the read API, from outside the browser.
    const api = new URL('/api/v1/applications?limit=5', baseURL).toString().replace('//localhost:', '//127.0.0.1:');
    const answer = await fetch(api, { headers: { Authorization: `Bearer ${secret}` } });
    expect(answer.status).toBe(200);
    expect((await answer.json()) as { data: unknown[] }).toHaveProperty('data');

    // The webhook endpoint.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add an endpoint' });
    await add.getByRole('textbox', { name: 'Address (URL)' }).fill(receiver.url);
    await add.getByRole('checkbox', { name: /^application\.submitted/ }).check();
    await add.getByRole('textbox', { name: 'Description (optional)' }).fill(`Receiver ${stamp}`);
    await expectAxeClean(page);
    await add.getByRole('button', { name: 'Add the endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'The endpoint was added' });
    await expect(added.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();

    const card = page.getByRole('article', { name: receiver.url });
    await expect(card).toContainText('Active');
    await card.getByRole('button', { name: 'Send a test event' }).click();
    const log = card.getByRole('table', { name: /Delivery log of/ });
    const delivery = log.getByRole('row', { name: /webhook\.test/ });
    await expect(delivery).toContainText('Delivered', { timeout: 30_000 });
    await expect(delivery).toContainText('status 200');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const first = receiver.received[0]!;
    expect(first.headers['webhook-id']).toBeTruthy();
    expect(first.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
    await expectAxeClean(page);

    // Sent again: a second attempt of the same event, under the same webhook-id.
    await delivery.getByRole('button', { name: /^Send again/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect(log.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });

    // The API's reference, drawn by the product from its OpenAPI document.
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /GET \/api\/v1\/applications$/ })).toBeVisible();
    await expectAxeClean(page);
  } finally {
    await receiver.close();
  }
});
