import { buildForm, MAX_REPEATS } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { expectOk, type TestApp, type TestClient, startTestApp } from '../../test-support/test-app';
import { ALL_SCHOOLS, largestAnswers } from './largest-application.test-helper';
import { linesAfter, readPdfText } from '../../../../../test/pdf-text';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function applicant(): Promise<{ client: TestClient; email: string }> {
  const email = `pdf${n++}@example.edu`;
  return { client: await loggedInClient(t, email), email };
}

async function copyOf(client: TestClient) {
  const res = await expectOk(await client.get('/api/pdf/file'));
  return { res, pdf: await readPdfText(res.rawPayload) };
}

describe('GET /api/pdf', () => {
  it('says the copy is ready and where to get it, for any logged-in applicant', async () => {
    const { client } = await applicant();
    const res = await expectOk(await client.get('/api/pdf'));
    expect(res.json()).toEqual({
      status: 'completed',
      url: '/api/pdf/file',
      message: 'Your PDF copy is ready to download.',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs a session, as the file does (401)', async () => {
    for (const url of ['/api/pdf', '/api/pdf/file']) {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('GET /api/pdf/file', () => {
  it('is a PDF download, made now and never cached, named after the last name', async () => {
    const { client } = await applicant();
    await save(client, completeAnswers());
    const { res, pdf } = await copyOf(client);

    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="application-lovelace.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.info).toMatchObject({
      Title: `${t.deps.config.tenant.applicationTitle}: Ada Lovelace`,
      Author: t.deps.config.tenant.partnerName,
    });
  });

  it('is named after the user id while there is no last name', async () => {
    const { client, email } = await applicant();
    const { res } = await copyOf(client);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="application-${await userIdOf(t, email)}.pdf"`,
    );
  });

  it('heads the copy with the institution, the applicant and "Draft" until submitted', async () => {
    const { client, email } = await applicant();
    await save(client, completeAnswers());
    const { lines } = (await copyOf(client)).pdf;
    const { partnerName, applicationTitle } = t.deps.config.tenant;
    expect(lines.slice(0, 5)).toEqual([
      partnerName,
      applicationTitle,
      'Ada Lovelace',
      email,
      'Draft — not yet submitted',
    ]);
  });

  it('says when it was submitted once it is', async () => {
    const { client } = await applicant();
    await save(client, completeAnswers());
    await expectOk(await client.post('/api/submit'));
    const { lines } = (await copyOf(client)).pdf;
    // The test clock stands at 2026-11-02 09:00 UTC: 3 am in the institution's zone, named as the console names it.
    expect(lines).toContain('Submitted at 3:00 am Central Time on Monday, 2 November 2026');
    expect(lines).not.toContain('Draft — not yet submitted');
  });

  it('walks every page: page and section titles, labels with answers, [X] for chosen options and [ ] for the others', async () => {
    const { client } = await applicant();
    await save(client, completeAnswers());
    const { lines } = (await copyOf(client)).pdf;

    for (const title of [
      'Step 1: About You',
      'Step 2: Education',
      'Step 3: Final Steps',
      'Your Name',
      'Academic Standing',
    ]) {
      expect(lines).toContain(title);
    }
    expect(linesAfter(lines, 'First name', 1)).toEqual(['Ada']);
    expect(linesAfter(lines, 'Date of Birth', 1)).toEqual(['May 17, 1990']);
    expect(linesAfter(lines, 'Middle name', 1)).toEqual(['Not answered']);
    expect(linesAfter(lines, 'Is your mailing address the same as your permanent address?', 2)).toEqual([
      '[X] Yes',
      '[ ] No',
    ]);
    expect(linesAfter(lines, 'Have you ever been dismissed from any college or graduate school?', 2)).toEqual([
      '[ ] Yes',
      '[X] No',
    ]);
    expect(linesAfter(lines, 'Do you plan to attend full time or part time?', 2)).toEqual([
      '[X] Full time',
      '[ ] Part time',
    ]);
    // A short select lists every option; a long one (countries) only the chosen one.
    expect(linesAfter(lines, 'When do you plan to enroll?', 6)).toContain('[X] Fall 2027');
    expect(linesAfter(lines, 'When do you plan to enroll?', 6)).toContain('[ ] Spring 2027');
    expect(linesAfter(lines, 'Primary Citizenship', 2)).toEqual(['[X] United States', 'Second Citizenship']);
    // Boxes and confirmations.
    expect(lines).toContain('[X] I understand that I will not be able to change my application after I submit it.');
    expect(lines).toContain('[ ] Send me text message updates about my application.');
    expect(linesAfter(lines, 'Race (check all that apply)', 1)).toEqual(['[ ] American Indian or Alaska Native']);
    // The school, as the print view shows it, numbered.
    expect(linesAfter(lines, 'School 1', 2)).toEqual(['College or University', 'State University']);
    expect(lines).not.toContain('School 2');
    expect(linesAfter(lines, 'Statement of Purpose', 2)).toEqual([
      'Statement of Purpose',
      'I want to study education because it changes lives.',
    ]);
    // Content for applicants filling in the form is not part of the copy.
    expect(lines.join('\n')).not.toContain('Before you submit, please review each step');
  });

  it('leaves out what the answers hide, even when a hidden answer is still stored', async () => {
    const { client, email } = await applicant();
    await save(client, { ...completeAnswers(), suspended: 'Y', suspended_comment: 'A dispute over a library fine.' });
    expect(linesAfter((await copyOf(client)).pdf.lines, 'Please explain.', 1)).toEqual([
      'A dispute over a library fine.',
    ]);

    await save(client, { suspended: 'N' });
    // Whatever the save did with it, put the hidden answer back: only the walk may keep it out.
    await t.db.query(`UPDATE applications SET answers = answers || $2::jsonb WHERE user_id = $1`, [
      await userIdOf(t, email),
      JSON.stringify({ suspended_comment: 'A dispute over a library fine.' }),
    ]);
    const text = (await copyOf(client)).pdf.lines.join('\n');
    expect(text).not.toContain('Please explain.');
    expect(text).not.toContain('library fine');
  });

  it('leaves out a section the answers hide (no recommenders for a program that needs none)', async () => {
    const { client } = await applicant();
    await save(client, { ...completeAnswers(), applied_major: 'BMAS' });
    const { lines } = (await copyOf(client)).pdf;
    expect(lines).not.toContain('Recommender');
    expect(lines.join('\n')).not.toContain('Grace');
  });

  it('shows the saved number of schools, numbered, and the chosen transcript tab with its content', async () => {
    const { client } = await applicant();
    await save(client, { ...completeAnswers(), college_2_name: 'Lakeside Community College', college_2_ceeb: '1234' });
    await expectOk(await client.put('/api/add-another', { button_id: 'college', num_components: 2 }));
    await expectOk(await client.put('/api/tabs', { tab_id: 'college_2_transcript', chosen_tab: 'later' }));
    const { lines } = (await copyOf(client)).pdf;

    expect(linesAfter(lines, 'School 2', 2)).toEqual(['College or University', 'Lakeside Community College (1234)']);
    const schoolTwo = lines.slice(lines.indexOf('School 2'));
    expect(linesAfter(schoolTwo, 'Transcript', 2)).toEqual(['[ ] Upload a copy now', '[X] I will send it later']);
    expect(schoolTwo.join(' ')).toContain('Please ask your school to send an official transcript');
    // School 1 keeps the default tab: its upload question, not answered.
    expect(linesAfter(lines, 'Transcript', 2)).toEqual(['[X] Upload a copy now', '[ ] I will send it later']);
    expect(linesAfter(lines, 'Unofficial Transcript', 1)).toEqual(['Not answered']);
  });

  it('reflects the answers as they are at the moment of the download', async () => {
    const { client } = await applicant();
    await save(client, completeAnswers());
    expect(linesAfter((await copyOf(client)).pdf.lines, 'First name', 1)).toEqual(['Ada']);
    await save(client, { first_name: 'Augusta' });
    expect(linesAfter((await copyOf(client)).pdf.lines, 'First name', 1)).toEqual(['Augusta']);
  });

  it('draws the name in its own letters and keeps them in the file name', async () => {
    const { client } = await applicant();
    await save(client, { ...completeAnswers(), first_name: 'Łucja', last_name: 'Łukasiewicz-Ñúñez' });
    const { res, pdf } = await copyOf(client);
    expect(pdf.lines[2]).toBe('Łucja Łukasiewicz-Ñúñez');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="application-lukasiewicz-nunez.pdf"; filename*=UTF-8''${encodeURIComponent('application-łukasiewicz-ñúñez.pdf')}`,
    );
  });

  it.each(['latin', 'cjk'] as const)(
    'draws the largest application the form accepts (%s): ten schools, every text at its limit',
    async (script) => {
      const { client } = await applicant();
      const answers = largestAnswers(buildForm(t.deps.config.tenant), script);
      await save(client, answers);
      await expectOk(await client.put('/api/add-another', ALL_SCHOOLS));
      expect((await expectOk(await client.get('/api/pdf'))).json()).toMatchObject({ status: 'completed' });
      const { lines } = (await copyOf(client)).pdf;
      for (let n = 1; n <= MAX_REPEATS; n++) expect(lines).toContain(`School ${n}`);
      expect(lines.filter((l) => l.endsWith('(3434)'))).toHaveLength(MAX_REPEATS);
      expect(linesAfter(lines, 'First name', 1)).toEqual([answers.first_name]);
    },
    60_000,
  );
});
