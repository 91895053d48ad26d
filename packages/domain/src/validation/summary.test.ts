import { describe, expect, it } from 'vitest';
import { buildForm } from '../form/build-form';
import { validateAnswers } from './answer-rules';
import { summaryLinks } from './summary';

const form = buildForm({ shortName: 'Acme' });

describe('summaryLinks', () => {
  it('lists every message in field order, linking to page#field', () => {
    const links = summaryLinks(form, {
      legal_agree: ['You must accept these terms to submit your application.'],
      college_name: ['Search for Your School'],
      zip: ['ZIP/Postal Code must be at least 5 numbers.', 'Please provide a valid US ZIP/Postal Code.'],
      first_name: ['First name', 'First name'],
    });
    expect(links).toEqual([
      { key: 'first_name', message: 'First name', href: '/about#first_name', page: '/about' },
      { key: 'zip', message: 'ZIP/Postal Code must be at least 5 numbers.', href: '/about#zip', page: '/about' },
      { key: 'zip', message: 'Please provide a valid US ZIP/Postal Code.', href: '/about#zip', page: '/about' },
      { key: 'college_name', message: 'Search for Your School', href: '/education-alr#college_name', page: '/education-alr' },
      {
        key: 'legal_agree',
        message: 'You must accept these terms to submit your application.',
        href: '/final-steps#legal_agree',
        page: '/final-steps',
      },
    ]);
  });

  it('limits messages per field and in all', () => {
    const errors = { zip: ['a', 'b'], first_name: ['c'], legal_agree: ['d'] };
    expect(summaryLinks(form, errors, { perField: 1 }).map((l) => l.message)).toEqual(['c', 'a', 'd']);
    expect(summaryLinks(form, errors, { limit: 2 }).map((l) => l.message)).toEqual(['c', 'a']);
  });

  it('still lists a key no page asks for, last, with an anchor only', () => {
    expect(summaryLinks(form, { ghost: ['boo'], city: ['City'] })).toEqual([
      { key: 'city', message: 'City', href: '/about#city', page: '/about' },
      { key: 'ghost', message: 'boo', href: '#ghost', page: undefined },
    ]);
  });

  it('links every error of an empty application to a page', () => {
    const links = summaryLinks(form, validateAnswers(form, {}, { now: new Date('2026-06-15T00:00:00Z') }));
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link.href).toBe(`${link.page}#${link.key}`);
  });
});
