import type { StaffListResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { catchUpConsoleIndex, refoldSearchColumns } from './console-index';

// Issue 49: the staff search folds letters on both sides, the index's and the term's (console-index.ts).
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  await applicantWith(t, 'emre@example.edu', { first_name: 'Emre', last_name: 'Yılmaz' });
  await applicantWith(t, 'mette@example.edu', { first_name: 'Mette', last_name: 'Sørensen' });
  await applicantWith(t, 'lena@example.edu', { first_name: 'Lena', last_name: 'Straße' });
  await applicantWith(t, 'ida@example.edu', { first_name: 'Ida', last_name: 'Ærø' });
  await applicantWith(t, 'jose@example.edu', { first_name: 'José', last_name: 'Núñez' });
  await applicantWith(t, 'jurgen@example.edu', { first_name: 'Jürgen', last_name: 'Müller' });
  await applicantWith(t, 'karl@example.edu', { first_name: 'Karl', last_name: 'Mueller' });
  await applicantWith(t, 'ipek@example.edu', { first_name: 'İpek', last_name: 'Łukasik' });
  await applicantWith(t, 'joel@example.edu', { first_name: 'Joel', last_name: 'Soerensen' });
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

/** The e-mail addresses a staff member's search finds, as an API client reads them. */
async function found(q: string): Promise<string[]> {
  const res = await expectOk(await staff.get(`/api/staff/applications?q=${encodeURIComponent(q)}`));
  return (res.json() as StaffListResponse).rows.map((r) => r.email).sort();
}

describe('the staff search folds letters on both sides', () => {
  it('yilmaz finds Yılmaz (dotless i)', async () => {
    expect(await found('yilmaz')).toEqual(['emre@example.edu']);
  });

  it('sorensen finds Sørensen (ø as o)', async () => {
    expect(await found('sorensen')).toEqual(['mette@example.edu']);
  });

  it('strasse finds Straße (ß as ss)', async () => {
    expect(await found('strasse')).toEqual(['lena@example.edu']);
  });

  it('aeroe finds Ærø (æ as ae, ø as oe), and aero finds it too', async () => {
    expect(await found('aeroe')).toEqual(['ida@example.edu']);
    expect(await found('aero')).toEqual(['ida@example.edu']);
  });

  it('finds the names when the term is typed with the letters themselves, in either case', async () => {
    expect(await found('Yılmaz')).toEqual(['emre@example.edu']);
    expect(await found('YILMAZ')).toEqual(['emre@example.edu']);
    expect(await found('Straße')).toEqual(['lena@example.edu']);
    expect(await found('STRASSE')).toEqual(['lena@example.edu']);
    expect(await found('Ærø')).toEqual(['ida@example.edu']);
    expect(await found('ÆRØ')).toEqual(['ida@example.edu']);
    expect(await found('İpek łukasik')).toEqual(['ipek@example.edu']);
    expect(await found('ipek lukasik')).toEqual(['ipek@example.edu']);
    // Sørensen typed with its letter finds both spellings of the name: the letter, and the Danish "oe".
    expect(await found('Sørensen')).toEqual(['joel@example.edu', 'mette@example.edu']);
  });

  it('writes ä, ö, ü and ø both ways, but never reads an "oe" typed in plain letters as ø', async () => {
    expect(await found('mueller')).toEqual(['jurgen@example.edu', 'karl@example.edu']);
    expect(await found('juergen')).toEqual(['jurgen@example.edu']);
    expect(await found('Müller')).toEqual(['jurgen@example.edu', 'karl@example.edu']);
    expect(await found('muller')).toEqual(['jurgen@example.edu']);
    expect(await found('soerensen')).toEqual(['joel@example.edu', 'mette@example.edu']);
    // Joel is not Jøl, nor Michael Michæl: plain letters are searched as they are.
    expect(await found('jol')).toEqual([]);
  });

  it('drops accents as before', async () => {
    expect(await found('jose')).toEqual(['jose@example.edu']);
    expect(await found('JOSÉ nunez')).toEqual(['jose@example.edu']);
    expect(await found('núñez')).toEqual(['jose@example.edu']);
  });

  it('sorts the folded names among the plain ones', async () => {
    const res = await expectOk(await staff.get('/api/staff/applications?sort=name&dir=asc'));
    expect((res.json() as StaffListResponse).rows.map((r) => r.last_name)).toEqual([
      'Ærø',
      'Łukasik',
      'Mueller',
      'Müller',
      'Núñez',
      'Soerensen',
      'Sørensen',
      'Straße',
      'Yılmaz',
    ]);
  });

  it('finds a row indexed before the fold once the index job has rebuilt it', async () => {
    // As the fold before issue 49 wrote the row, and as migration 130 leaves an existing database.
    const oldFold = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .trim();
    for (const [email, names, sortName] of [
      ['emre@example.edu', 'Emre Yılmaz  emre@example.edu', 'Yılmaz Emre'],
      ['ida@example.edu', 'Ida Ærø  ida@example.edu', 'Ærø Ida'],
    ]) {
      await t.db.query('UPDATE staff_application_index SET search_text = $1, sort_name = $2 WHERE email = $3', [
        oldFold(names!),
        oldFold(sortName!),
        email,
      ]);
    }
    await t.db.query('UPDATE staff_index_progress SET search_fold = 0, search_fold_after = NULL WHERE id = 1');
    expect(await found('yilmaz')).toEqual([]);
    expect(await found('aeroe')).toEqual([]);

    const mark = async () =>
      (
        await t.db.query<{ search_fold: number; search_fold_after: string | null }>(
          'SELECT search_fold, search_fold_after FROM staff_index_progress WHERE id = 1',
        )
      ).rows[0]!;
    // A pass reads a slice of the rows in user_id order and moves the mark past it.
    expect(await refoldSearchColumns(t.deps, 4)).toBe(4);
    expect(await mark()).toMatchObject({ search_fold: 0, search_fold_after: expect.any(String) });

    // The periodic job finishes the rewrite.
    await catchUpConsoleIndex(t.deps, createFormContext(t.deps.config.tenant));
    expect(await found('yilmaz')).toEqual(['emre@example.edu']);
    expect(await found('Yılmaz')).toEqual(['emre@example.edu']);
    expect(await found('aeroe')).toEqual(['ida@example.edu']);
    expect(await mark()).toEqual({ search_fold: 1, search_fold_after: null });
    expect(await refoldSearchColumns(t.deps)).toBe(0);
  });
});
