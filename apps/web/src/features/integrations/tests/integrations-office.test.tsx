import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { me } from '../../staff/tests/console-server';
import {
  ADMIN,
  apiToken,
  delivery,
  endpoint,
  exportSummary,
  integrationsServer,
  openIntegrations,
} from './integrations-server';

type User = ReturnType<typeof openIntegrations>['user'];

async function page() {
  return screen.findByRole('heading', { level: 1, name: 'Integrations' }, { timeout: 15_000 });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('who manages the integrations', { timeout: 30_000 }, () => {
  test('an administrator finds Integrations in the console navigation, with the API reference linked', async () => {
    const { user } = openIntegrations(ADMIN, integrationsServer(), {}, '/staff');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' }, { timeout: 15_000 });
    await user.click(within(nav).getByRole('link', { name: 'Integrations' }));
    expect(await page()).toBeVisible();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/staff/integrations/api');
    expect(await screen.findByText('No token has been created yet.')).toBeVisible();
    expect(screen.getByText('No endpoint has been added yet.')).toBeVisible();
    expect(screen.getByText('No export is configured in the tenant file.')).toBeVisible();
  });

  test('a member without the manage_team right has no link and is told so at the address', async () => {
    const { callsTo } = openIntegrations(me('dee@college.test', ['decider']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, { timeout: 15_000 })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admissions office' });
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).toBeNull();
    expect(callsTo('GET /api/staff/api-tokens')).toHaveLength(0);
  });
});

describe('API tokens', { timeout: 30_000 }, () => {
  async function fillToken(user: User, dialog: HTMLElement) {
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Banner nightly import');
    await user.click(within(dialog).getByRole('checkbox', { name: /^applications:read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^external-ids:write/ }));
  }

  test('a token is created with its scopes, programs and expiry; its secret is shown once, then only its prefix', async () => {
    const { user, callsTo } = openIntegrations();
    await page();
    await user.click(await screen.findByRole('button', { name: 'Create a token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
    await fillToken(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Only these programs' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'MS in Nursing' }));
    const expires = within(dialog).getByLabelText(/^Expires \(date and time, Central Time\)/);
    fireEvent.input(expires, { target: { value: '2099-06-30T17:00' } });
    expect(expires).toHaveAccessibleDescription(/It stops working at 5:00 pm Central Time on Tuesday, 30 June 2099/);
    await user.click(within(dialog).getByRole('button', { name: 'Create the token' }));

    const shown = await screen.findByRole('dialog', { name: 'The token “Banner nightly import” was created' });
    const warning = within(shown).getByText(/it will not be shown again/);
    await waitFor(() => expect(warning).toHaveFocus());
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue('adm_9c1e_s3cr3t-shown-once');
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('adm_9c1e_s3cr3t-shown-once');
    expect(callsTo('POST /api/staff/api-tokens')[0]!.body).toEqual({
      name: 'Banner nightly import',
      scopes: ['applications:read', 'external-ids:write'],
      programs: ['BMN'],
      expires_at: '2099-06-30T22:00:00.000Z',
    });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue('adm_9c1e_s3cr3t-shown-once')).toBeNull();
    expect(screen.queryByText(/s3cr3t/)).toBeNull();
    const row = within(section('API tokens')).getByRole('row', { name: /Banner nightly import/ });
    expect(row).toHaveTextContent('adm_9c1e…');
    expect(row).toHaveTextContent('applications:read, external-ids:write');
    expect(row).toHaveTextContent('MS in Nursing');
    expect(row).toHaveTextContent('Jun 30, 2099, 5:00 pm');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'The token “Banner nightly import” was created.',
    );

    // Opened again, the dialog starts afresh: no secret, an empty form.
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const again = await screen.findByRole('dialog', { name: 'Create a token' });
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.queryByText(/s3cr3t/)).toBeNull();
  });

  test('the browser asks for a name and a scope before calling; a refusal of the server is said in the dialog', async () => {
    const { user, callsTo } = openIntegrations(ADMIN, integrationsServer(), {
      'POST /api/staff/api-tokens': () =>
        json({ code: 'API_SCOPE_UNKNOWN', message: 'One of the scopes is not one the API knows.' }, 400),
    });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Create a token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the token a name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Banner');
    await user.click(within(dialog).getByRole('button', { name: 'Create the token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one scope.');
    expect(callsTo('POST /api/staff/api-tokens')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /^decisions:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the token' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'One of the scopes is not one the API knows. (code API_SCOPE_UNKNOWN)',
    );
    expect(screen.getByRole('dialog', { name: 'Create a token' })).toBeVisible();
    expect(callsTo('POST /api/staff/api-tokens')).toHaveLength(1);
  });

  test('revoking asks first; once revoked the token shows when, and has no Revoke button', async () => {
    const { user, callsTo } = openIntegrations(ADMIN, integrationsServer({ tokens: [apiToken()] }));
    await page();
    await user.click(await screen.findByRole('button', { name: 'Revoke Banner nightly import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the token “Banner nightly import”?' });
    // Cancel first: Enter on the dialog just opened never revokes.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('DELETE /api/staff/api-tokens/tok-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Banner nightly import' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke the token “Banner nightly import”?' });
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'API tokens' })).toHaveFocus());
    expect(callsTo('DELETE /api/staff/api-tokens/tok-1')).toHaveLength(1);
    const row = within(section('API tokens')).getByRole('row', { name: /Banner nightly import/ });
    await waitFor(() => expect(row).toHaveTextContent('Nov 2, 10:00 am'));
    expect(screen.queryByRole('button', { name: 'Revoke Banner nightly import' })).toBeNull();
    expect(screen.getByText(/was revoked; it is refused from its next call/)).toBeVisible();
  });

  test('a list refused (403) says why in its section; the others still show', async () => {
    openIntegrations(ADMIN, integrationsServer({ exports: [exportSummary()] }), {
      'GET /api/staff/api-tokens': () =>
        json(
          {
            code: 'STAFF_RIGHT_MISSING',
            message: 'Your role in the admissions office does not allow this. Please ask an administrator.',
          },
          403,
        ),
    });
    await page();
    expect(await within(section('API tokens')).findByRole('alert')).toHaveTextContent(
      'Your role in the admissions office does not allow this. Please ask an administrator. (code STAFF_RIGHT_MISSING)',
    );
    expect(await within(section('Scheduled exports')).findByRole('heading', { name: 'admitted-daily' })).toBeVisible();
  });
});

describe('webhooks', { timeout: 30_000 }, () => {
  test('an endpoint is added with its events; its signing secret is shown once', async () => {
    const { user, callsTo } = openIntegrations();
    await page();
    await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Address (URL)' }), 'https://sis.college.test/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /^decision\.released/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^offer\.responded/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Banner sync');
    await user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'The endpoint was added' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_c2VjcmV0LXNob3duLW9uY2U=',
    );
    expect(within(shown).getByText(/it will not be shown again/)).toBeVisible();
    expect(callsTo('POST /api/staff/webhooks')[0]!.body).toEqual({
      url: 'https://sis.college.test/in',
      events: ['decision.released', 'offer.responded'],
      description: 'Banner sync',
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/whsec_/)).toBeNull();
    const card = await within(section('Webhooks')).findByRole('article', { name: 'https://sis.college.test/in' });
    expect(card).toHaveTextContent('decision.released, offer.responded');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('0 failed, 0 pending');
  });

  test('an address the server refuses (400) is said in the dialog, which stays open', async () => {
    const { user } = openIntegrations(ADMIN, integrationsServer(), {
      'POST /api/staff/webhooks': () =>
        json({ code: 'WEBHOOK_URL_INVALID', message: 'The address must be a full https:// address.' }, 400),
    });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Address (URL)' }), 'http://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /^application\.submitted/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The address must be a full https:// address. (code WEBHOOK_URL_INVALID)',
    );
    expect(screen.getByRole('dialog', { name: 'Add an endpoint' })).toBeVisible();
  });

  test('the delivery log shows each attempt; "Send again" sends it once more and the new attempt shows', async () => {
    const server = integrationsServer({
      endpoints: [endpoint({ failed_count: 1 })],
      deliveries: { 'wh-1': [delivery()] },
    });
    const { user, callsTo } = openIntegrations(ADMIN, server);
    await page();
    const card = await within(section('Webhooks')).findByRole('article', {
      name: 'https://sis.college.test/hooks/admissions',
    });
    expect(card).toHaveTextContent('1 failed, 0 pending');
    const show = within(card).getByRole('button', { name: 'Show the delivery log' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(card).getByRole('button', { name: 'Hide the delivery log' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const log = await within(card).findByRole('table', { name: /Delivery log of https:\/\/sis\.college\.test/ });
    const row = within(log).getByRole('row', { name: /decision\.released/ });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Nov 2, 9:00 am: status 500, 1,234 ms');
    expect(row).toHaveTextContent('upstream timed out');
    expect(within(log).getByRole('columnheader', { name: /Attempts \(CT\)/ })).toBeVisible();

    await user.click(within(row).getByRole('button', { name: /^Send again/ }));
    // The same event sent again is a delivery of its own, newest first, with its own attempt.
    await waitFor(() => expect(within(log).getAllByRole('row', { name: /decision\.released/ })).toHaveLength(2));
    const [again, before] = within(log).getAllByRole('row', { name: /decision\.released/ });
    expect(again).toHaveTextContent('Delivered');
    expect(again).toHaveTextContent('Nov 2, 10:10 am: status 200, 48 ms');
    expect(before).toHaveTextContent('Failed');
    expect(callsTo('POST /api/staff/webhooks/wh-1/deliveries/del-1/resend')).toHaveLength(1);
    expect(screen.getByText(/The decision\.released event is being sent again/)).toBeVisible();
  });

  test('a test event is sent and its delivery shows in the log, opened on it', async () => {
    const server = integrationsServer({ endpoints: [endpoint()], deliveries: { 'wh-1': [] } });
    const { user, callsTo } = openIntegrations(ADMIN, server);
    await page();
    const card = await within(section('Webhooks')).findByRole('article', {
      name: 'https://sis.college.test/hooks/admissions',
    });
    await user.click(within(card).getByRole('button', { name: 'Send a test event' }));
    const log = await within(card).findByRole('table', { name: /Delivery log of/ });
    expect(within(log).getByRole('row', { name: /webhook\.test/ })).toHaveTextContent('status 204');
    expect(callsTo('POST /api/staff/webhooks/wh-1/test')).toHaveLength(1);
  });

  test('removing an endpoint asks first, then it is gone and focus is on the section', async () => {
    const { user, callsTo } = openIntegrations(ADMIN, integrationsServer({ endpoints: [endpoint()] }));
    await page();
    await user.click(await screen.findByRole('button', { name: 'Remove https://sis.college.test/hooks/admissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Webhooks' })).toHaveFocus());
    expect(callsTo('DELETE /api/staff/webhooks/wh-1')).toHaveLength(1);
    expect(await screen.findByText('No endpoint has been added yet.')).toBeVisible();
  });
});

describe('scheduled exports', { timeout: 30_000 }, () => {
  test('each export says when it runs in the institution’s zone; "Run now" runs it and its run shows', async () => {
    const { user, callsTo } = openIntegrations(ADMIN, integrationsServer({ exports: [exportSummary()] }));
    await page();
    const card = await within(section('Scheduled exports')).findByRole('article', { name: 'admitted-daily' });
    expect(card).toHaveTextContent('2:30 am Central Time');
    expect(card).toHaveTextContent('sftp://export@sftp.college.test:22/incoming/');
    expect(card).toHaveTextContent('external_ids.banner, first_name, last_name');
    expect(card).toHaveTextContent('It has not run yet.');
    await user.click(within(card).getByRole('button', { name: 'Run admitted-daily now' }));
    const runs = await within(card).findByRole('table', { name: /Last runs of admitted-daily/ });
    const row = within(runs).getByRole('row', { name: /2 November 2026/ });
    expect(row).toHaveTextContent('Uploaded');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('admitted-daily-2026-11-02.csv');
    expect(callsTo('POST /api/staff/exports/admitted-daily/run')).toHaveLength(1);
  });

  test('a run refused (409, one is running) is said under its button', async () => {
    const { user } = openIntegrations(ADMIN, integrationsServer({ exports: [exportSummary()] }), {
      'POST /api/staff/exports/admitted-daily/run': () =>
        json({ code: 'EXPORT_RUNNING', message: 'This export is running now. Please wait for it to finish.' }, 409),
    });
    await page();
    const card = await within(section('Scheduled exports')).findByRole('article', { name: 'admitted-daily' });
    await user.click(within(card).getByRole('button', { name: 'Run admitted-daily now' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('(code EXPORT_RUNNING)');
  });
});
