import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_TABS } from '@admissions/domain';
import { answersOf, historyRows, loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET and PUT /api/tabs', () => {
  it('answers {} before any tab is chosen', async () => {
    const client = await loggedInClient(t, 'tabs.default@example.edu');
    const res = await client.get('/api/tabs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('stores the chosen tab per transcript tab group', async () => {
    const client = await loggedInClient(t, 'tabs.store@example.edu');
    const res = await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: TRANSCRIPT_TABS.later });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ college_transcript: 'later' });
    await client.put('/api/tabs', { tab_id: 'college_10_transcript', chosen_tab: TRANSCRIPT_TABS.upload });
    expect((await client.get('/api/tabs')).json()).toEqual({
      college_transcript: 'later',
      college_10_transcript: 'upload',
    });
    await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: TRANSCRIPT_TABS.upload });
    expect((await client.get('/api/tabs')).json()).toEqual({
      college_transcript: 'upload',
      college_10_transcript: 'upload',
    });
  });

  it("clears the other pane's answers on the server when switching, and only that group's", async () => {
    const client = await loggedInClient(t, 'tabs.clear@example.edu');
    await save(client, {
      college_transcript_upload: 'transcript.pdf',
      college_2_transcript_upload: 'second.pdf',
      college_name: 'MIT',
    });
    await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: TRANSCRIPT_TABS.later });
    expect(await answersOf(client)).toEqual({
      college_transcript_upload: '',
      college_2_transcript_upload: 'second.pdf',
      college_name: 'MIT',
    });
  });

  it('clears nothing when choosing the pane that holds the answers', async () => {
    const client = await loggedInClient(t, 'tabs.keep@example.edu');
    await save(client, { college_transcript_upload: 'transcript.pdf' });
    await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: TRANSCRIPT_TABS.upload });
    expect(await answersOf(client)).toEqual({ college_transcript_upload: 'transcript.pdf' });
  });

  it.each([
    ['an unknown group', { tab_id: 'essay_tabs', chosen_tab: 'upload' }, 'tab_id'],
    ['a group past the last school', { tab_id: 'college_11_transcript', chosen_tab: 'upload' }, 'tab_id'],
    ['an answer key as group', { tab_id: 'college_transcript_upload', chosen_tab: 'upload' }, 'tab_id'],
    ['a prototype key as group', { tab_id: '__proto__', chosen_tab: 'upload' }, 'tab_id'],
    ['an unknown tab', { tab_id: 'college_transcript', chosen_tab: 'mail' }, 'chosen_tab'],
    ['a tab in the wrong case', { tab_id: 'college_transcript', chosen_tab: 'LATER' }, 'chosen_tab'],
    ['a missing tab', { tab_id: 'college_transcript' }, 'chosen_tab'],
  ])('refuses %s with 400 BAD_REQUEST, changing neither tabs nor answers', async (name, body, field) => {
    const email = `tabs.bad.${name.replace(/\W/g, '')}@example.edu`;
    const client = await loggedInClient(t, email);
    await save(client, { college_transcript_upload: 'transcript.pdf' });
    const history = await historyRows(t, email);
    const res = await client.put('/api/tabs', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { [field]: [expect.any(String)] } });
    expect((await client.get('/api/tabs')).json()).toEqual({});
    expect(await answersOf(client)).toEqual({ college_transcript_upload: 'transcript.pdf' });
    expect(await historyRows(t, email)).toEqual(history);
  });
});
