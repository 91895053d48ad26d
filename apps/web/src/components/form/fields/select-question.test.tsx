import { COUNTRIES, GENDERS } from '@admissions/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderForm, selectQ } from '../form-test-utils';
import { SELECT_PAGE_SIZE, TYPE_AHEAD_RESET_MS, findTypeAhead } from '../hooks/use-select-keyboard';

const countries = pageOf(selectQ('country', 'Country', COUNTRIES));
const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country' });
const press = (key: string) => fireEvent.keyDown(select(), { key });

afterEach(() => {
  vi.useRealTimers();
});

describe('single select', () => {
  it("starts with the blank '--' option and stores the value with its label", async () => {
    const { user, onChange } = renderForm(pageOf(selectQ('gender', 'Gender', GENDERS)));
    const gender = screen.getByRole('combobox', { name: 'Gender' });
    expect(gender.querySelector('option')).toHaveTextContent('--');
    await user.selectOptions(gender, 'Male');
    expect(onChange).toHaveBeenLastCalledWith({ gender: 'M', gender_desc: 'Male' });
    await user.selectOptions(gender, '--');
    expect(onChange).toHaveBeenLastCalledWith({ gender: '', gender_desc: '' });
  });

  it('finds an option by its typed first letters, and starts a new search after 1000 ms', () => {
    vi.useFakeTimers();
    const { onChange } = renderForm(countries);
    press('c');
    press('a');
    press('n');
    expect(select()).toHaveValue('CAN');
    expect(onChange).toHaveBeenLastCalledWith({ country: 'CAN', country_desc: 'Canada' });
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS - 100));
    // Still one search, 'cana': Canada stays (a new search for 'a' would pick Afghanistan).
    press('a');
    expect(select()).toHaveValue('CAN');
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    press('m');
    expect(select().selectedOptions[0]?.textContent).toMatch(/^M/);
  });

  it('moves to the next option with the same letter when it is pressed again', () => {
    vi.useFakeTimers();
    renderForm(countries);
    press('u');
    const first = select().value;
    press('u');
    expect(select().value).not.toBe(first);
    expect(select().selectedOptions[0]?.textContent).toMatch(/^U/);
  });

  it('pages by 5 options with PageDown and PageUp', () => {
    renderForm(countries);
    press('PageDown');
    expect(select()).toHaveValue(COUNTRIES[SELECT_PAGE_SIZE]?.value);
    press('PageDown');
    expect(select()).toHaveValue(COUNTRIES[2 * SELECT_PAGE_SIZE]?.value);
    press('PageUp');
    expect(select()).toHaveValue(COUNTRIES[SELECT_PAGE_SIZE]?.value);
  });

  it('never picks the blank option by type-ahead', () => {
    expect(findTypeAhead(GENDERS, '-', 0)).toBeUndefined();
    expect(findTypeAhead(GENDERS, 'p', 0)?.value).toBe('U');
  });
});
