import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/**
 * SPEC section 4, Conditional content: the server applies the clearing rules
 * itself, so hidden answers never stay stored whatever the client sends.
 * Keys are those of the form definition (packages/domain/src/form/pages).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MAILING = {
  mailing_country: 'USA',
  mailing_country_desc: 'United States',
  mailing_address_line_1: '1 Main St',
  mailing_address_line_2: 'Apt 2',
  mailing_city: 'Albany',
  mailing_state: 'NY',
  mailing_state_desc: 'New York',
  mailing_zip: '12207',
};

const RECOMMENDERS = {
  recommender_prefix: 'DR',
  recommender_prefix_desc: 'Dr.',
  recommender_first_name: 'Grace',
  recommender_last_name: 'Hopper',
  recommender_organisation: 'Navy',
  recommender_position: 'Admiral',
  recommender_relation: 'PROF',
  recommender_relation_desc: 'Professor or instructor',
  recommender_phone: '(212) 555-0100',
  recommender_email: 'grace@example.edu',
  recommender_2_first_name: 'Alan',
  recommender_2_last_name: 'Turing',
};

const cleared = (answers: Record<string, string>) => Object.fromEntries(Object.keys(answers).map((k) => [k, '']));

describe('server-side clearing on PUT /api/answer', () => {
  it("clears suspended_comment when suspended changes from 'Y' to 'N'", async () => {
    const client = await loggedInClient(t, 'clear.suspended@example.edu');
    await save(client, { suspended: 'Y', suspended_desc: 'Yes', suspended_comment: 'I was dismissed in 2019.' });
    expect(await answersOf(client)).toMatchObject({ suspended: 'Y', suspended_comment: 'I was dismissed in 2019.' });

    const res = await client.put('/api/answer', { suspended: 'N', suspended_desc: 'No' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your answers have been saved.' });
    expect(await answersOf(client)).toEqual({ suspended: 'N', suspended_desc: 'No', suspended_comment: '' });
  });

  it('clears the whole mailing address when it becomes the same as the permanent address', async () => {
    const client = await loggedInClient(t, 'clear.mailing@example.edu');
    await save(client, {
      city: 'Boston',
      mailing_addr_same_as_perm_addr: 'N',
      mailing_addr_same_as_perm_addr_desc: 'No',
      ...MAILING,
    });
    expect(await answersOf(client)).toMatchObject(MAILING);

    await save(client, { mailing_addr_same_as_perm_addr: 'Y', mailing_addr_same_as_perm_addr_desc: 'Yes' });
    expect(await answersOf(client)).toEqual({
      city: 'Boston',
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_addr_same_as_perm_addr_desc: 'Yes',
      ...cleared(MAILING),
    });
  });

  it('clears the recommender answers when applied_major leaves the recommender majors, and keeps them within', async () => {
    const client = await loggedInClient(t, 'clear.recommenders@example.edu');
    await save(client, { applied_major: 'MAE', applied_major_desc: 'MA in Education', ...RECOMMENDERS });
    expect(await answersOf(client)).toMatchObject(RECOMMENDERS);

    // Another major that also needs recommenders: nothing is hidden, nothing cleared.
    await save(client, { applied_major: 'MAPP', applied_major_desc: 'MA in Applied Psychology' });
    expect(await answersOf(client)).toMatchObject(RECOMMENDERS);

    await save(client, { applied_major: 'BMAS', applied_major_desc: 'MS in Biomedical and Applied Sciences' });
    expect(await answersOf(client)).toEqual({
      applied_major: 'BMAS',
      applied_major_desc: 'MS in Biomedical and Applied Sciences',
      ...cleared(RECOMMENDERS),
    });
  });

  it('clears research_upload when applied_major leaves the research-upload majors', async () => {
    const client = await loggedInClient(t, 'clear.research@example.edu');
    await save(client, { applied_major: 'BMN', applied_major_desc: 'MS in Nursing', research_upload: 'project.pdf' });
    expect(await answersOf(client)).toMatchObject({ research_upload: 'project.pdf' });
    await save(client, { applied_major: 'MAE', applied_major_desc: 'MA in Education' });
    expect(await answersOf(client)).toMatchObject({ applied_major: 'MAE', research_upload: '' });
  });

  it('clears state and state_desc when the country changes', async () => {
    const client = await loggedInClient(t, 'clear.state@example.edu');
    await save(client, {
      country: 'USA',
      country_desc: 'United States',
      state: 'NY',
      state_desc: 'New York',
      city: 'Albany',
    });

    // Canada has provinces, so the select stays but the old value does not.
    await save(client, { country: 'CAN', country_desc: 'Canada' });
    expect(await answersOf(client)).toEqual({
      country: 'CAN',
      country_desc: 'Canada',
      state: '',
      state_desc: '',
      city: 'Albany',
    });

    await save(client, { state: 'ON', state_desc: 'Ontario' });
    // France has no states: the select is hidden and cleared.
    await save(client, { country: 'FRA', country_desc: 'France' });
    expect(await answersOf(client)).toMatchObject({ country: 'FRA', state: '', state_desc: '' });
  });

  it('keeps a state set in the same save as its country (a lookup fills both at once)', async () => {
    const client = await loggedInClient(t, 'clear.lookup@example.edu');
    await save(client, { country: 'CAN', country_desc: 'Canada', state: 'ON', state_desc: 'Ontario' });
    await save(client, { country: 'USA', country_desc: 'United States', state: 'NY', state_desc: 'New York' });
    expect(await answersOf(client)).toEqual({
      country: 'USA',
      country_desc: 'United States',
      state: 'NY',
      state_desc: 'New York',
    });
  });

  it('clears college_degree and college_degree_desc when college_degree_type changes, not when it is re-sent unchanged', async () => {
    const client = await loggedInClient(t, 'clear.degree@example.edu');
    const degree = {
      college_degree_type: 'BACH',
      college_degree_type_desc: "Bachelor's",
      college_degree: 'BA',
      college_degree_desc: 'Bachelor of Arts (BA)',
      college_2_degree_type: 'MAST',
      college_2_degree_type_desc: "Master's",
      college_2_degree: 'MS',
      college_2_degree_desc: 'Master of Science (MS)',
    };
    await save(client, degree);
    await save(client, { college_degree_type: 'BACH', college_degree_type_desc: "Bachelor's" });
    expect(await answersOf(client)).toEqual(degree);

    await save(client, { college_degree_type: 'MAST', college_degree_type_desc: "Master's" });
    expect(await answersOf(client)).toEqual({
      ...degree,
      college_degree_type: 'MAST',
      college_degree_type_desc: "Master's",
      college_degree: '',
      college_degree_desc: '',
    });
  });

  it('clears the degree-seeking answer and the green-card box when citizenship becomes USA', async () => {
    const client = await loggedInClient(t, 'clear.citizenship@example.edu');
    await save(client, {
      citizenship: 'FRA',
      citizenship_desc: 'France',
      residency_status: 'true',
      bwc_degree: 'Y',
      bwc_degree_desc: 'Yes',
    });
    // A permanent resident is domestic: the degree-seeking question goes.
    expect(await answersOf(client)).toEqual({
      citizenship: 'FRA',
      citizenship_desc: 'France',
      residency_status: 'true',
      bwc_degree: '',
      bwc_degree_desc: '',
    });
    await save(client, { residency_status: '', bwc_degree: 'Y', bwc_degree_desc: 'Yes' });
    expect(await answersOf(client)).toMatchObject({ bwc_degree: 'Y' });

    await save(client, { citizenship: 'USA', citizenship_desc: 'United States' });
    expect(await answersOf(client)).toEqual({
      citizenship: 'USA',
      citizenship_desc: 'United States',
      residency_status: '',
      bwc_degree: '',
      bwc_degree_desc: '',
    });
  });
});

describe('answers to questions that are already hidden', () => {
  it('does not keep suspended_comment sent by a stale tab after another tab answered suspended N', async () => {
    const client = await loggedInClient(t, 'hidden.stale@example.edu');
    await save(client, { suspended: 'N', suspended_desc: 'No' });
    const res = await client.put('/api/answer', { suspended_comment: 'Typed in an old tab.' });
    expect(res.statusCode).toBe(200);
    expect(await answersOf(client)).toEqual({ suspended: 'N', suspended_desc: 'No', suspended_comment: '' });
  });

  it('does not keep recommender answers while no recommender major is chosen', async () => {
    const client = await loggedInClient(t, 'hidden.recommender@example.edu');
    await save(client, { first_name: 'Ada' });
    await save(client, { first_name: 'Ada L', recommender_first_name: 'Grace' });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada L', recommender_first_name: '' });
  });

  it('does not keep a state for a country without states, nor a mailing address that is the permanent one', async () => {
    const client = await loggedInClient(t, 'hidden.state@example.edu');
    await save(client, { country: 'FRA', country_desc: 'France', mailing_addr_same_as_perm_addr: 'Y' });
    await save(client, { state: 'NY', state_desc: 'New York', mailing_city: 'Paris' });
    expect(await answersOf(client)).toEqual({
      country: 'FRA',
      country_desc: 'France',
      mailing_addr_same_as_perm_addr: 'Y',
      state: '',
      state_desc: '',
      mailing_city: '',
    });
  });

  it('keeps an answer to a question that is shown', async () => {
    const client = await loggedInClient(t, 'hidden.shown@example.edu');
    await save(client, { suspended: 'Y', suspended_desc: 'Yes' });
    await save(client, { suspended_comment: 'Explained.' });
    expect(await answersOf(client)).toEqual({ suspended: 'Y', suspended_desc: 'Yes', suspended_comment: 'Explained.' });
  });
});
