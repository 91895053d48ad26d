import { describe, expect, it } from 'vitest';
import type { Answers } from '../api/profile';
import { buildForm } from './build-form';
import { isBannerActive } from './date-window';
import type { FormPage } from './form-types';
import type { ConditionalSelectQuestion, Question } from './question-types';
import { allQuestions, conditionalOptions, isHidden, visibleChildren, visibleQuestions, type ViewState } from './walk';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('Acme'));
const [about, education, finalSteps] = form.pages as [FormPage, FormPage, FormPage];
const keysShown = (page: FormPage, answers: Answers, view?: ViewState) =>
  visibleQuestions(page, answers, view).map((q) => q.key);
const find = (page: FormPage, key: string): Question => {
  const q = allQuestions(page).find((x) => x.key === key);
  if (!q) throw new Error(`no question ${key}`);
  return q;
};

describe('pages', () => {
  it('are About You, Education and Final Steps at their routes', () => {
    expect(form.pages.map((p) => [p.id, p.path, p.title, p.step])).toEqual([
      ['about', '/about', 'About You', 1],
      ['education', '/education-alr', 'Education', 2],
      ['final-steps', '/final-steps', 'Final Steps', 3],
    ]);
  });

  it('give every question a key unique in the form, for anchors and React keys', () => {
    const keys = form.pages.flatMap(allQuestions).map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('use the labels of the specification', () => {
    const labels: [FormPage, string, string][] = [
      [about, 'first_name', 'First name'],
      [about, 'birth_date', 'Date of Birth'],
      [about, 'address_line_1', 'Street Address'],
      [about, 'citizenship', 'Primary Citizenship'],
      [about, 'state', 'State/Province'],
      [about, 'zip', 'ZIP/Postal Code'],
      [education, 'entry_term', 'When do you plan to enroll?'],
      [education, 'applied_major', 'Which program are you applying for?'],
      [education, 'college_name', 'Search for Your School'],
      [education, 'college_address_line_1', 'Address'],
      [education, 'college_degree_type', 'Level of study'],
      [education, 'college_degree', 'Degree Earned/Expected'],
      [education, 'college_degree_earned_date', 'Date Conferred or Expected'],
      [education, 'acme_degree', 'Do you plan to attend Acme as a degree-seeking student?'],
      [finalSteps, 'suspended', 'Have you ever been dismissed from any college or graduate school?'],
      [finalSteps, 'suspended_comment', 'Please explain.'],
      [finalSteps, 'recommender_first_name', 'First Name'],
      [finalSteps, 'recommender_last_name', 'Last Name'],
      [finalSteps, 'recommender_email', 'Email'],
    ];
    for (const [page, key, label] of labels) expect(find(page, key).label, key).toBe(label);
  });

  it('store residency as a single checkbox', () => {
    expect(find(about, 'residency_status').kind).toBe('checkbox');
  });
});

describe('visibleQuestions', () => {
  it('shows the mailing address only when it differs from the permanent one', () => {
    expect(keysShown(about, {})).toContain('mailing_city');
    expect(keysShown(about, { mailing_addr_same_as_perm_addr: 'N' })).toContain('mailing_city');
    expect(keysShown(about, { mailing_addr_same_as_perm_addr: 'Y' })).not.toContain('mailing_city');
    expect(keysShown(about, { mailing_addr_same_as_perm_addr: 'Y' })).toContain('city');
  });

  it("shows the state only for countries with states, with that country's list", () => {
    expect(keysShown(about, { country: 'USA' })).toContain('state');
    expect(keysShown(about, { country: 'FRA' })).not.toContain('state');
    expect(keysShown(about, {})).not.toContain('state');
    const state = find(about, 'state') as ConditionalSelectQuestion;
    expect(conditionalOptions(state, { country: 'CAN' }).map((o) => o.value)).toContain('QC');
    expect(conditionalOptions(state, { country: 'USA' }).map((o) => o.value)).not.toContain('QC');
    expect(conditionalOptions(state, { country: 'constructor' })).toEqual([]);
  });

  it('shows the recommenders only for the programs that need them', () => {
    expect(keysShown(finalSteps, { applied_major: 'MAPS' })).toEqual(
      expect.arrayContaining(['recommender_email', 'recommender_2_email']),
    );
    expect(keysShown(finalSteps, { applied_major: 'GSCUP' })).not.toContain('recommender_email');
    expect(keysShown(finalSteps, {})).not.toContain('recommender_2_first_name');
  });

  it('shows the research upload only for BMAS and BMN, and the explanation only after a Yes', () => {
    expect(keysShown(education, { applied_major: 'BMN' })).toContain('research_upload');
    expect(keysShown(education, { applied_major: 'MAE' })).not.toContain('research_upload');
    expect(keysShown(finalSteps, { suspended: 'Y' })).toContain('suspended_comment');
    expect(keysShown(finalSteps, { suspended: 'N' })).not.toContain('suspended_comment');
  });

  it('asks the degree-seeking question of international applicants only', () => {
    expect(keysShown(education, { citizenship: 'IND' })).toContain('acme_degree');
    expect(keysShown(education, { citizenship: 'USA' })).not.toContain('acme_degree');
    expect(keysShown(education, { citizenship: 'IND', residency_status: 'true' })).not.toContain('acme_degree');
    expect(keysShown(education, {})).not.toContain('acme_degree');
  });

  it('hides the residency box from US citizens', () => {
    expect(keysShown(about, { citizenship: 'USA' })).not.toContain('residency_status');
    expect(keysShown(about, { citizenship: 'MEX' })).toContain('residency_status');
  });

  it('shows as many schools as the add-another count, one by default, never more than ten', () => {
    const names = (view?: ViewState) => keysShown(education, {}, view).filter((k) => /^college_(\d+_)?name$/.test(k));
    expect(names()).toEqual(['college_name']);
    expect(names({ addAnother: { college: 3 } })).toEqual(['college_name', 'college_2_name', 'college_3_name']);
    expect(names({ addAnother: { college: 99 } })).toHaveLength(10);
    expect(names({ addAnother: { college: 0 } })).toEqual(['college_name']);
  });

  it('shows the chosen transcript tab, the upload tab by default', () => {
    expect(keysShown(education, {})).toContain('college_transcript_upload');
    const later = keysShown(education, {}, { tabs: { college_transcript: 'later' } });
    expect(later).not.toContain('college_transcript_upload');
    expect(later).toContain('college_transcript_later');
  });

  it('shows the degree choices once a level of study is picked', () => {
    expect(keysShown(education, {})).not.toContain('college_degree');
    expect(keysShown(education, { college_degree_type: 'DOCT' })).toContain('college_degree');
  });

  it('swaps the content of the acknowledgement gate once confirmed', () => {
    expect(keysShown(finalSteps, {})).toEqual(
      expect.arrayContaining(['acknowledgement', 'review_reminder', 'legal_agree']),
    );
    expect(keysShown(finalSteps, {})).not.toContain('ready_to_submit');
    const confirmed = keysShown(finalSteps, { acknowledgement: 'true' });
    expect(confirmed).toContain('ready_to_submit');
    expect(confirmed).not.toContain('review_reminder');
  });
});

describe('isHidden and visibleChildren', () => {
  it('hide a section while its condition holds', () => {
    const recommender = finalSteps.sections.find((s) => s.key === 'recommender')!;
    expect(isHidden(recommender, { applied_major: 'MAAS' })).toBe(false);
    expect(isHidden(recommender, { applied_major: 'BMAS' })).toBe(true);
  });

  it('list the parts of a block', () => {
    const mailing = find(about, 'mailing_address');
    expect(visibleChildren(mailing, { mailing_country: 'USA' }).map((q) => q.key)).toEqual([
      'mailing_country',
      'mailing_address_line_1',
      'mailing_address_line_2',
      'mailing_city',
      'mailing_state',
      'mailing_zip',
    ]);
  });
});

describe('date-window banner', () => {
  const banner = { startsAt: '2027-01-01T00:00:00Z', endsAt: '2027-01-31T23:59:59Z' };
  it('is shown only between its start and end', () => {
    expect(isBannerActive(banner, new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isBannerActive(banner, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isBannerActive(banner, new Date('2027-01-31T23:59:59Z'))).toBe(true);
    expect(isBannerActive(banner, new Date('2027-02-01T00:00:00Z'))).toBe(false);
  });
});
