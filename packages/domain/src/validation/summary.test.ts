import { describe, expect, it } from 'vitest';
import { buildForm } from '../form/build-form';
import { validateAnswers } from './answer-rules';
import { summaryGroups, summaryLinks } from './summary';
import { fieldDisplayName } from '../form/field-context';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('Acme'));

describe('summaryLinks', () => {
  it('lists every message in field order, linking to page#field', () => {
    const links = summaryLinks(form, {
      legal_agree: ['You must accept these terms to submit your application.'],
      college_name: ['Search for Your School'],
      zip: ['ZIP/Postal Code must be at least 5 numbers.', 'Please provide a valid US ZIP/Postal Code.'],
      first_name: ['First name', 'First name'],
    });
    expect(links).toEqual([
      { key: 'first_name', message: 'First name', href: '/about#first_name', page: '/about', text: 'First name' },
      {
        key: 'zip',
        message: 'ZIP/Postal Code must be at least 5 numbers.',
        href: '/about#zip',
        page: '/about',
        text: 'ZIP/Postal Code must be at least 5 numbers.',
      },
      {
        key: 'zip',
        message: 'Please provide a valid US ZIP/Postal Code.',
        href: '/about#zip',
        page: '/about',
        text: 'Please provide a valid US ZIP/Postal Code.',
      },
      {
        key: 'college_name',
        message: 'Search for Your School',
        href: '/education-alr#college_name',
        page: '/education-alr',
        text: 'School 1: Search for Your School',
      },
      {
        key: 'legal_agree',
        message: 'You must accept these terms to submit your application.',
        href: '/final-steps#legal_agree',
        page: '/final-steps',
        text: 'You must accept these terms to submit your application.',
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
      { key: 'city', message: 'City', href: '/about#city', page: '/about', text: 'City' },
      { key: 'ghost', message: 'boo', href: '#ghost', page: undefined, text: 'boo' },
    ]);
  });

  it('links every error of an empty application to a page', () => {
    const links = summaryLinks(form, validateAnswers(form, {}, { now: new Date('2026-06-15T00:00:00Z') }));
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link.href).toBe(`${link.page}#${link.key}`);
  });
});

describe('summaryGroups', () => {
  it("groups the links by step, in page order, and names the school of a school's question", () => {
    const groups = summaryGroups(form, {
      college_3_city: ['City'],
      first_name: ['First name'],
      college_name: ['Search for Your School'],
      college_10_degree_type: ['Level of study'],
      ghost: ['boo'],
    });
    expect(groups.map((g) => [g.title, g.links.map((l) => l.text)])).toEqual([
      ['Step 1: About You', ['First name']],
      ['Step 2: Education', ['School 1: Search for Your School', 'School 3: City', 'School 10: Level of study']],
      ['Other', ['boo']],
    ]);
    expect(groups[1]?.links[1]?.href).toBe('/education-alr#college_3_city');
  });
});

describe('fieldDisplayName', () => {
  it('names a key by its label, with its block in a repeat, never by the key', () => {
    expect(fieldDisplayName(form, 'first_name')).toBe('First name');
    expect(fieldDisplayName(form, 'college_3_city')).toBe('School 3: City');
    expect(fieldDisplayName(form, 'college_2_transcript')).toBe('School 2: Transcript');
    expect(fieldDisplayName(form, 'college')).toBe('Previous Schools');
    expect(fieldDisplayName(form, 'unknown_key')).toBe('unknown_key');
  });
});
