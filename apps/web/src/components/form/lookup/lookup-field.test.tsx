import type { AddressBlockQuestion, Question, SchoolBlockQuestion } from '@admissions/domain';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pending, stubFetch } from '../../../test/fetch-stub';
import { pageOf, renderForm, selectQ, textQ } from '../form-test-utils';
import { useDebouncedValue } from './use-debounced-value';

const COUNTRIES = [
  { value: '', label: '--' },
  { value: 'USA', label: 'United States' },
  { value: 'CAN', label: 'Canada' },
];
const US_STATES = [
  { value: '', label: '--' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'CA', label: 'California' },
];

const school: SchoolBlockQuestion = {
  kind: 'school-block',
  key: 'college_school',
  label: 'College or University',
  lookupCategory: 'college_ceeb',
  searchPart: 'name',
  questions: [
    { ...textQ('college_name', 'Search for Your School', 100), part: 'name' },
    { ...textQ('college_ceeb', 'CEEB Code', 10), part: 'ceeb' },
    { ...textQ('college_address_line_1', 'Address', 100), part: 'address_line_1' },
    { ...textQ('college_city', 'City'), part: 'city' },
    { ...selectQ('college_country', 'Country', COUNTRIES), part: 'country' },
    {
      kind: 'conditional-select',
      key: 'college_state',
      label: 'State/Province',
      controlKey: 'college_country',
      options: { category: 'display-and-options', byControlValue: { USA: US_STATES } },
      descKey: 'college_state_desc',
      maxLength: 2,
      part: 'state',
    },
    { ...textQ('college_zip', 'ZIP/Postal Code', 10), part: 'zip' },
  ] as SchoolBlockQuestion['questions'],
};

const address: AddressBlockQuestion = {
  kind: 'address-block',
  key: 'permanent_address',
  label: 'Permanent Address',
  lookupCategory: 'address',
  searchPart: 'zip',
  questions: [
    { ...selectQ('country', 'Country', COUNTRIES), part: 'country' },
    { ...textQ('address_line_1', 'Street Address'), part: 'address_line_1' },
    { ...textQ('city', 'City'), part: 'city' },
    { ...selectQ('state', 'State', US_STATES), part: 'state' },
    { ...textQ('zip', 'ZIP/Postal Code', 10), part: 'zip' },
  ] as AddressBlockQuestion['questions'],
};

const HARVARD_ITEMS = [
  { id: '166027', text: 'Harvard University', sub_text: 'Cambridge, MA' },
  { id: '999001', text: 'Harvard Beauty School', sub_text: 'Boston, MA' },
];
const HARVARD = {
  id: '166027',
  name: 'Harvard University',
  address_line_1: 'Massachusetts Hall',
  city: 'Cambridge',
  state: 'MA',
  zip: '02138',
  country: 'USA',
  ceeb: '3442',
};

/** Answers the text call with `items` and the id call with `record` (or the given responses). */
function stubLookups(
  text: () => Response | Promise<Response>,
  record: () => Response | Promise<Response> = () => json(HARVARD),
) {
  return stubFetch({
    'GET /lookup/find': (request) => (new URL(request.path, 'http://x').searchParams.has('id') ? record() : text()),
  });
}

const render = (question: Question, answers = {}) => renderForm(pageOf(question), { answers });
/** The listbox (shown or hidden) of the field with this answer key. */
const listboxOf = (key: string) => document.getElementById(`${key}-options`)!;
/** The options of the list under the field with this key (the school name unless told). */
const options = (key = 'college_name') => within(listboxOf(key)).queryAllByRole('option', { hidden: true });
/** The polite live region of the field with this answer key. */
const statusOf = (key: string) => document.getElementById(`${key}-status`);

afterEach(() => vi.useRealTimers());

describe('the school search combobox', () => {
  it('lists up to the matches of what was typed, with city and state, and announces how many', async () => {
    const net = stubLookups(() => json(HARVARD_ITEMS));
    const { user } = render(school);
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'harv');

    const listbox = await screen.findByRole('listbox', { name: 'Search for Your School: suggestions' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Harvard UniversityCambridge, MA',
      'Harvard Beauty SchoolBoston, MA',
      'My school is not listedEnter its details yourself',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(statusOf('college_name')).toHaveTextContent('2 results are available.');
    expect(statusOf('college_name')).toHaveAttribute('role', 'status');
    // One call, for the settled text, not one per keystroke.
    expect(net.callsTo('GET /lookup/find').map((r) => r.path)).toEqual([
      '/lookup/find?text=harv&category=college_ceeb&max_results=5',
    ]);
  });

  it('is busy while the search is on its way', async () => {
    stubLookups(() => pending());
    const { user } = render(school);
    await user.type(screen.getByRole('combobox', { name: 'Search for Your School' }), 'harv');
    await waitFor(() => expect(listboxOf('college_name')).toHaveAttribute('aria-busy', 'true'));
    expect(listboxOf('college_name')).toHaveAttribute('role', 'listbox');
    expect(screen.getByText('Searching…')).toBeVisible();
    expect(options()).toHaveLength(0);
  });

  it('picks with the arrow keys and Enter, filling every part of the block with the select labels', async () => {
    const net = stubLookups(() => json(HARVARD_ITEMS));
    const { user, onChange } = render(school);
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'harv');
    await waitFor(() => expect(options()).toHaveLength(3));

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByLabelText('CEEB Code')).toHaveValue('3442'));
    expect(input).toHaveValue('Harvard University');
    expect(screen.getByLabelText('Address')).toHaveValue('Massachusetts Hall');
    expect(screen.getByLabelText('City')).toHaveValue('Cambridge');
    expect(screen.getByLabelText('Country')).toHaveValue('USA');
    expect(screen.getByLabelText('State/Province')).toHaveValue('MA');
    expect(screen.getByLabelText('ZIP/Postal Code')).toHaveValue('02138');
    expect(onChange).toHaveBeenLastCalledWith({
      college_name: 'Harvard University',
      college_ceeb: '3442',
      college_address_line_1: 'Massachusetts Hall',
      college_city: 'Cambridge',
      college_country: 'USA',
      college_country_desc: 'United States',
      college_state: 'MA',
      college_state_desc: 'Massachusetts',
      college_zip: '02138',
    });
    expect(net.callsTo('GET /lookup/find').at(-1)?.path).toBe('/lookup/find?id=166027&category=college_ceeb');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // Everything filled stays editable, the CEEB code included.
    await user.clear(screen.getByLabelText('CEEB Code'));
    await user.type(screen.getByLabelText('CEEB Code'), '3443');
    expect(screen.getByLabelText('CEEB Code')).toHaveValue('3443');
  });

  it('closes with Escape and leaves with Tab keeping what was typed, picking nothing', async () => {
    const net = stubLookups(() => json(HARVARD_ITEMS));
    const { user } = render(school);
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'harv');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('harv');

    await user.type(input, 'ard');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByLabelText('CEEB Code')).toHaveFocus();
    expect(input).toHaveValue('harvard');
    expect(screen.getByLabelText('CEEB Code')).toHaveValue('');
    expect(net.requests.some((r) => r.path.includes('id='))).toBe(false);
  });

  it('keeps manual entry one step away: "My school is not listed" keeps the name and moves on', async () => {
    stubLookups(() => json([]));
    const { user } = render(school);
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'Universidad de Chile');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(statusOf('college_name')).toHaveTextContent('No results found.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Address')).toHaveFocus();
    expect(input).toHaveValue('Universidad de Chile');
  });

  it('shows no options when the search fails (SPEC section 8)', async () => {
    const net = stubLookups(() => json({ code: 'INTERNAL', message: 'boom' }, 500));
    const { user } = render(school);
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'harv');
    await waitFor(() => expect(net.callsTo('GET /lookup/find')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull());
    expect(options()).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(statusOf('college_name')).toHaveTextContent('');
  });

  it('keeps the picked label as the name when the record cannot be had (SPEC section 8)', async () => {
    stubLookups(
      () => json(HARVARD_ITEMS),
      () => json({ code: 'INTERNAL', message: 'boom' }, 500),
    );
    const { user } = render(school, { college_city: 'Somewhere' });
    const input = screen.getByRole('combobox', { name: 'Search for Your School' });
    await user.type(input, 'harv');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull());
    expect(input).toHaveValue('Harvard University');
    expect(screen.getByLabelText('City')).toHaveValue('Somewhere');
    expect(screen.getByLabelText('CEEB Code')).toHaveValue('');
  });

  it('asks nothing for a saved answer or a single letter', async () => {
    const net = stubLookups(() => json(HARVARD_ITEMS));
    const { user } = render(school, { college_name: 'Harvard University' });
    await new Promise((r) => setTimeout(r, 300));
    await user.type(screen.getByRole('combobox', { name: 'Search for Your School' }), '{Control>}a{/Control}h');
    await new Promise((r) => setTimeout(r, 300));
    expect(net.callsTo('GET /lookup/find')).toHaveLength(0);
  });

  it('is a plain text field for a school in another country, entered by hand', () => {
    stubLookups(() => json(HARVARD_ITEMS));
    render(school, { college_country: 'CAN' });
    expect(screen.queryByRole('combobox', { name: 'Search for Your School' })).toBeNull();
    expect(screen.getByLabelText('Search for Your School')).toHaveAttribute('type', 'text');
  });
});

describe('the ZIP code of a school entered by hand', () => {
  it("completes the school's city, state and country, and leaves its name alone", async () => {
    stubLookups(
      () => json([{ id: '61801', text: '61801', sub_text: 'Urbana, IL' }]),
      () => json({ id: '61801', city: 'Urbana', state: 'MA', zip: '61801', country: 'USA' }),
    );
    const { user, onChange } = render(school, { college_name: 'Parkland Institute' });
    await user.type(screen.getByRole('combobox', { name: 'ZIP/Postal Code' }), '618');
    await waitFor(() => expect(options('college_zip')).toHaveLength(1));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Urbana'));
    expect(onChange).toHaveBeenLastCalledWith({
      college_city: 'Urbana',
      college_country: 'USA',
      college_country_desc: 'United States',
      college_state: 'MA',
      college_state_desc: 'Massachusetts',
      college_zip: '61801',
    });
    expect(screen.getByRole('combobox', { name: 'Search for Your School' })).toHaveValue('Parkland Institute');
  });
});

describe('the address search combobox', () => {
  it('completes city, state and country from a ZIP code and keeps the street typed', async () => {
    const net = stubLookups(
      () => json([{ id: '02139', text: '02139', sub_text: 'Cambridge, MA' }]),
      () => json({ id: '02139', city: 'Cambridge', state: 'MA', zip: '02139', country: 'USA' }),
    );
    const { user, onChange } = render(address, { address_line_1: '77 Massachusetts Ave' });
    const zip = screen.getByRole('combobox', { name: 'ZIP/Postal Code' });
    await user.type(zip, '0213');
    await waitFor(() => expect(options('zip')).toHaveLength(1));
    expect(statusOf('zip')).toHaveTextContent('1 result is available.');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Cambridge'));
    expect(zip).toHaveValue('02139');
    expect(screen.getByLabelText('State')).toHaveValue('MA');
    expect(screen.getByLabelText('Country')).toHaveValue('USA');
    expect(screen.getByLabelText('Street Address')).toHaveValue('77 Massachusetts Ave');
    expect(onChange).toHaveBeenLastCalledWith({
      city: 'Cambridge',
      state: 'MA',
      state_desc: 'Massachusetts',
      zip: '02139',
      country: 'USA',
      country_desc: 'United States',
    });
    expect(net.callsTo('GET /lookup/find')[0]?.path).toBe('/lookup/find?text=0213&category=address&max_results=5');
  });
  it('never pulls focus back: a list that opens just as the applicant moves on leaves them where they went', async () => {
    stubLookups(() => json([{ id: '02139', text: '02139', sub_text: 'Cambridge, MA' }]));
    const { user } = render(address);
    const zip = screen.getByRole('combobox', { name: 'ZIP/Postal Code' });
    await user.type(zip, '0213');
    await waitFor(() => expect(options('zip')).toHaveLength(1));
    // In the same moment the list is drawn, before the renderer's effects have run.
    const city = screen.getByLabelText('City');
    act(() => city.focus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(city).toHaveFocus();
  });
});

describe('useDebouncedValue', () => {
  it('waits 200 ms of quiet, but never more than 500 ms while the value keeps changing', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 200, 500), { initialProps: { v: '' } });
    rerender({ v: 'h' });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('h');

    // A keystroke every 150 ms from 'ha' on: quiet never lasts 200 ms, yet 500 ms after 'ha' the value goes through.
    for (const v of ['ha', 'har', 'harv']) {
      rerender({ v });
      act(() => vi.advanceTimersByTime(150));
    }
    rerender({ v: 'harva' }); // 450 ms after 'ha'
    act(() => vi.advanceTimersByTime(49));
    expect(result.current).toBe('h');
    act(() => vi.advanceTimersByTime(1)); // 500 ms after 'ha', 50 ms after the last keystroke
    expect(result.current).toBe('harva');
    rerender({ v: 'harvar' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('harvar');
  });
});
