import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../answers/options/countries';
import { buildForm } from './build-form';
import { FORM_PAGES } from './form-types';
import { sampleFormTenant } from '../../../../test/tenants';

describe('buildForm', () => {
  it('builds one shared definition per tenant', () => {
    expect(buildForm(sampleFormTenant('Acme'))).toBe(buildForm(sampleFormTenant('Acme')));
    expect(buildForm(sampleFormTenant('Beta')).degreeKey).toBe('beta_degree');
  });

  it('shows the tenant’s priority-deadline banner through its last minute in the institution’s zone, and none without one', () => {
    const banner = buildForm(sampleFormTenant()).pages[0]!.sections[0]!.questions[0]!;
    expect(banner).toEqual({
      kind: 'date-window-banner',
      key: 'priority_deadline_banner',
      label: 'Priority deadline',
      content: 'Apply by March 1, 2027 to be considered first for Fall 2027 scholarships.',
      // Midnight starting 1 October 2026 and 23:59:59.999 on 1 March 2027, Chicago time.
      startsAt: '2026-10-01T05:00:00.000Z',
      endsAt: '2027-03-02T05:59:59.999Z',
    });
    const { priority_deadline: _none, ...withoutBanner } = sampleFormTenant('Plain');
    const about = buildForm(withoutBanner).pages[0]!;
    expect(about.sections.some((s) => s.questions.some((q) => q.kind === 'date-window-banner'))).toBe(false);
    expect(about.sections[0]!.key).toBe('name');
  });

  it('freezes the definition, shared option lists included, so no caller can change it for the others', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    const section = form.pages[0]!.sections[1]!;
    expect(() => (section.questions as unknown[]).push('x')).toThrow(TypeError);
    expect(() => {
      (COUNTRIES[1] as { label: string }).label = 'Elsewhere';
    }).toThrow(TypeError);
  });

  it('leaves nothing in the definition unfrozen, however deep', () => {
    const unfrozen: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (value === null || typeof value !== 'object') return;
      if (!Object.isFrozen(value)) unfrozen.push(where);
      for (const [key, child] of Object.entries(value)) walk(child, `${where}.${key}`);
    };
    walk(buildForm(sampleFormTenant('Gamma')), 'form');
    expect(unfrozen).toEqual([]);
  });

  it('is plain data that survives JSON, so any renderer can walk it', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    expect(JSON.parse(JSON.stringify(form))).toEqual(form);
  });

  it('follows the page list of the step navigation', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    expect(form.pages.map(({ id, path, title, step }) => ({ id, path, title, step }))).toEqual(FORM_PAGES);
  });
});
