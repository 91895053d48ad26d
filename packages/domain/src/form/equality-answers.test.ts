import { describe, expect, it } from 'vitest';
import { buildForm } from './build-form';
import {
  equalityAnswerKeys,
  formWithoutEqualityQuestions,
  isEqualityQuestion,
  reportedEqualityKeys,
  withoutEqualityAnswers,
} from './equality-answers';
import { allQuestions, childrenOf } from './walk';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('Acme'));

describe('the equality answers (issue 47)', () => {
  it("are the About step's monitoring answers: gender, ethnicity and each race box, with their labels", () => {
    expect([...equalityAnswerKeys(form)].sort()).toEqual(
      [
        'ethnicity',
        'ethnicity_desc',
        'gender',
        'gender_desc',
        'race_american_indian',
        'race_asian',
        'race_black',
        'race_native_hawaiian',
        'race_white',
      ].sort(),
    );
  });

  it('are counted by the equality report with citizenship, which admission rules also read', () => {
    expect([...reportedEqualityKeys(form)].sort()).toEqual(
      [...equalityAnswerKeys(form), 'citizenship', 'citizenship_desc'].sort(),
    );
  });

  it('are taken out of the answers, every other answer kept (citizenship included)', () => {
    expect(
      withoutEqualityAnswers(form, {
        first_name: 'Ada',
        gender: 'F',
        gender_desc: 'Female',
        race_asian: 'true',
        citizenship: 'CAN',
        citizenship_dual: 'ISL',
        residency_status: 'true',
      }),
    ).toEqual({ first_name: 'Ada', citizenship: 'CAN', citizenship_dual: 'ISL', residency_status: 'true' });
  });

  it("leave the form the office reads one application with, and only they (they stand at their sections' top)", () => {
    const flagged = form.pages.flatMap((p) => allQuestions(p).filter(isEqualityQuestion));
    const atTop = form.pages.flatMap((p) => p.sections.flatMap((s) => s.questions.filter(isEqualityQuestion)));
    expect(atTop.map((q) => q.key)).toEqual(flagged.map((q) => q.key));
    const office = formWithoutEqualityQuestions(form);
    const keys = (f: typeof form) => f.pages.flatMap((p) => allQuestions(p).map((q) => q.key));
    const gone = new Set(flagged.flatMap((q) => [q.key, ...childrenOf(q).map((c) => c.key)]));
    expect(keys(office)).toEqual(keys(form).filter((k) => !gone.has(k)));
    expect(office.pages[0]!.sections.map((s) => s.key)).not.toContain('background');
    expect(keys(office)).toContain('citizenship');
    expect(keys(office)).not.toContain('gender');
  });
});
