import { describe, expect, it } from 'vitest';
import type { AddressLookupRecord, SchoolLookupRecord } from '../api/lookup';
import { addressBlock } from './pages/address-block';
import { schoolItem } from './pages/school-item';
import { lookupFillChanges, lookupSearchQuestion } from './lookup-fill';
import type { SchoolBlockQuestion } from './question-types';

const school = schoolItem('college_2_')[0] as SchoolBlockQuestion;
const harvard: SchoolLookupRecord = {
  id: '166027',
  name: 'Harvard University',
  address_line_1: 'Massachusetts Hall',
  city: 'Cambridge',
  state: 'MA',
  zip: '02138',
  country: 'USA',
  ceeb: '3442',
};

describe('lookupFillChanges', () => {
  it('fills every part of a school block, with the labels of country and state', () => {
    expect(lookupFillChanges(school, harvard, {})).toEqual({
      college_2_name: 'Harvard University',
      college_2_ceeb: '3442',
      college_2_address_line_1: 'Massachusetts Hall',
      college_2_city: 'Cambridge',
      college_2_country: 'USA',
      college_2_country_desc: 'United States',
      college_2_state: 'MA',
      college_2_state_desc: 'Massachusetts',
      college_2_zip: '02138',
    });
  });

  it('follows the new country for the state even when the old answers had another', () => {
    const changes = lookupFillChanges(school, harvard, { college_2_country: 'CAN', college_2_state: 'ON' });
    expect(changes.college_2_state).toBe('MA');
  });

  it('leaves out parts the record lacks, so the street typed in an address block stays', () => {
    const place: AddressLookupRecord = { id: '02139', city: 'Cambridge', state: 'MA', zip: '02139', country: 'USA' };
    const block = addressBlock('mailing_address', 'Mailing Address', 'mailing_');
    expect(lookupFillChanges(block, place, { mailing_address_line_1: '77 Mass Ave' })).toEqual({
      mailing_city: 'Cambridge',
      mailing_state: 'MA',
      mailing_state_desc: 'Massachusetts',
      mailing_zip: '02139',
      mailing_country: 'USA',
      mailing_country_desc: 'United States',
    });
  });

  it('blanks a value that is not among the options and cuts text to its length', () => {
    const odd = { ...harvard, state: 'XX', country: 'ZZZ', zip: '02138-12345678' };
    const changes = lookupFillChanges(school, odd, {});
    expect(changes).toMatchObject({
      college_2_country: '',
      college_2_country_desc: '',
      college_2_state: '',
      college_2_state_desc: '',
    });
    expect(changes.college_2_zip).toBe('02138-1234');
  });

  it('names the question the search is typed into', () => {
    expect(lookupSearchQuestion(school)?.key).toBe('college_2_name');
    expect(lookupSearchQuestion(addressBlock('permanent_address', 'Permanent Address', ''))?.key).toBe('zip');
  });
});
