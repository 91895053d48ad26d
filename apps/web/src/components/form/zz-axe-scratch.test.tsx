import { buildForm, MAX_REPEATS, SCHOOLS_BUTTON_ID } from '@admissions/domain';
import axe from 'axe-core';
import { it, expect } from 'vitest';
import { renderForm } from './form-test-utils';

const form = buildForm({ shortName: 'NFC' });
const answers = { applied_major: 'BMN', citizenship: 'FRA', country: 'USA', mailing_country: 'CAN', college_country: 'USA', college_degree_type: 'BACH', suspended: 'Y' };

for (const readOnly of [false]) for (const page of form.pages.slice(1)) {
  it(`axe ${page.title} ${readOnly}`, async () => {
    const { container } = renderForm(page, { answers, view: { addAnother: { [SCHOOLS_BUTTON_ID]: 2 }, tabs: {} }, readOnly, errors: { first_name: ['First name'], suspended: ['Boom'], race_asian: ['x'], college_degree_earned_date: ['Date'] }, now: new Date('2026-12-01') });
    const main = document.createElement('main');
    document.body.appendChild(main);
    main.appendChild(container);
    document.querySelectorAll("main").forEach((m) => m !== main && m.remove());
    const result = await axe.run(main, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    console.log(page.title, readOnly, JSON.stringify(result.violations.map((v) => [v.id, v.help, v.nodes.slice(0, 3).map((n) => n.html.slice(0, 200))]), null, 1));
    expect(true).toBe(true);
  }, 60000);
}
