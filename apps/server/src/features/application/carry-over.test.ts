import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, historyRows, loggedInClient, markSubmitted, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/carry-over', () => {
  it('fills the questions the account has not answered, and reports (never overwrites) the ones it answered differently', async () => {
    const client = await loggedInClient(t, 'carry.conflict@example.edu');
    await save(client, {
      first_name: 'Dan',
      last_name: 'Brown',
      country: 'USA',
      country_desc: 'United States of America',
    });

    const res = await expectOk(
      await client.post('/api/carry-over', {
        answer: {
          first_name: 'Oops',
          last_name: 'Brown',
          city: 'Springfield',
          country: 'CAN',
          country_desc: 'Canada',
          middle_name: '',
        },
      }),
    );

    expect(res.json()).toEqual({
      status: 'merged',
      filled: { city: 'Springfield' },
      conflicts: [
        { key: 'first_name', saved: 'Dan', carried: 'Oops', saved_text: 'Dan', carried_text: 'Oops' },
        {
          key: 'country',
          saved: 'USA',
          carried: 'CAN',
          saved_text: 'United States of America',
          carried_text: 'Canada',
          carried_desc: { key: 'country_desc', value: 'Canada' },
        },
      ],
    });
    expect(await answersOf(client)).toEqual({
      first_name: 'Dan',
      last_name: 'Brown',
      city: 'Springfield',
      country: 'USA',
      country_desc: 'United States of America',
    });
  });

  it('fills a whole new application, with the labels of its choices, and clears what the filled answers hide', async () => {
    const client = await loggedInClient(t, 'carry.new@example.edu');
    const carried = { ...completeAnswers(), mailing_address_line_1: 'Hidden while the mailing address is the same' };
    const res = await expectOk(await client.post('/api/carry-over', { answer: carried }));
    expect(res.json()).toMatchObject({ status: 'merged', conflicts: [] });
    const answers = await answersOf(client);
    expect(answers.first_name).toBe('Ada');
    expect(answers.country_desc).toBe('United States of America');
    expect(answers.mailing_address_line_1 ?? '').toBe('');
  });

  it('drops keys the form does not know, and refuses a value no question accepts (400)', async () => {
    const client = await loggedInClient(t, 'carry.keys@example.edu');
    const ok = await expectOk(
      await client.post('/api/carry-over', { answer: { first_name: 'Ada', retired_question: 'x' } }),
    );
    expect(ok.json()).toEqual({ status: 'merged', filled: { first_name: 'Ada' }, conflicts: [] });
    const bad = await client.post('/api/carry-over', { answer: { country: 'Atlantis' } });
    expect(bad.statusCode).toBe(400);
    expect(await answersOf(client)).toEqual({ first_name: 'Ada' });
  });

  it('adds nothing to a submitted application, and says so', async () => {
    const email = 'carry.submitted@example.edu';
    const client = await loggedInClient(t, email);
    await save(client, completeAnswers());
    await markSubmitted(t, email);
    const history = await historyRows(t, email);
    const res = await expectOk(
      await client.post('/api/carry-over', { answer: { first_name: 'Oops', middle_name: 'Late' } }),
    );
    expect(res.json()).toEqual({ status: 'submitted' });
    expect((await answersOf(client)).first_name).toBe('Ada');
    expect(await historyRows(t, email)).toEqual(history);
  });

  it('needs a session (401)', async () => {
    const res = await t.client().post('/api/carry-over', { answer: { first_name: 'Ada' } });
    expect(res.statusCode).toBe(401);
  });
});
