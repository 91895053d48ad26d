import {
  buildForm,
  MAX_REPEATS,
  SCHOOLS_BUTTON_ID,
  storesAnswer,
  visibleQuestions,
  type Answers,
} from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from './form-test-utils';
import { sampleFormTenant } from '../../../../../test/tenants';

const form = buildForm(sampleFormTenant('NFC'));

/** Answers that open most conditional content: recommenders, research upload, state lists, degree lists, explanations. */
const answers: Answers = {
  applied_major: 'BMN',
  citizenship: 'FRA',
  country: 'USA',
  mailing_country: 'CAN',
  college_country: 'USA',
  college_degree_type: 'BACH',
  suspended: 'Y',
};
const view = { addAnother: { [SCHOOLS_BUTTON_ID]: MAX_REPEATS }, tabs: {} };

describe.each(form.pages.map((p) => [p.title, p] as const))('the real "%s" page', (_title, page) => {
  it('gives every shown answer an element whose id and name are its key', () => {
    renderForm(page, { answers, view });
    const keys = visibleQuestions(page, answers, view)
      .filter(storesAnswer)
      .map((q) => q.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const element = document.getElementById(key);
      expect(element, key).not.toBeNull();
      expect(element, key).toHaveAttribute('name', key);
    }
  });

  it('uses every id once', () => {
    const { container } = renderForm(page, { answers, view });
    const ids = [...container.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('labels every control', () => {
    // Two schools are enough here: computing names is slow, and every school is built alike.
    const { container } = renderForm(page, { answers, view: { ...view, addAnother: { [SCHOOLS_BUTTON_ID]: 2 } } });
    for (const control of container.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
      expect(control, control.id).toHaveAccessibleName();
    }
  });

  it('renders no controls in the print view', () => {
    const { container } = renderForm(page, { answers, view, readOnly: true });
    expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
  });
});

describe('sections', () => {
  it('shows section titles as headings below the page title, and skips hidden sections', () => {
    const finalSteps = form.pages[2]!;
    const { unmount } = renderForm(finalSteps, { answers: { applied_major: 'MAAS' } });
    expect(screen.getByRole('heading', { level: 2, name: 'Recommender' })).toBeVisible();
    unmount();
    renderForm(finalSteps, { answers: { applied_major: 'BMAS' } });
    expect(screen.queryByRole('heading', { name: 'Recommender' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Agreements' })).toBeVisible();
  });

  it('shows the date-window banner only inside its window', () => {
    const about = form.pages[0]!;
    const { unmount } = renderForm(about, { now: new Date('2026-12-01T12:00:00Z') });
    expect(screen.getByRole('note', { name: 'Priority deadline' })).toBeVisible();
    unmount();
    renderForm(about, { now: new Date('2027-06-01T12:00:00Z') });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('leaves applicant-only text out of the print view, and keeps it for applicants', () => {
    const finalSteps = form.pages[2]!;
    const { unmount } = renderForm(finalSteps);
    expect(screen.getByText(/Before you submit, please review each step/)).toBeVisible();
    unmount();
    renderForm(finalSteps, { readOnly: true });
    expect(screen.queryByText(/Before you submit, please review each step/)).toBeNull();
  });
});
