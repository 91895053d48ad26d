import { MONTHS } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

const page = pageOf({
  kind: 'month-year',
  key: 'degree_date',
  label: 'Date Conferred',
  months: MONTHS,
  years: { start: 2024, count: 3, direction: 'past' },
  maxLength: 7,
});
const month = () => screen.getByRole('combobox', { name: 'Date Conferred Month' });
const year = () => screen.getByRole('combobox', { name: 'Date Conferred Year' });

describe('month/year pair', () => {
  it("lists months and the generated years, each after the blank '--'", () => {
    renderForm(page);
    expect(month()).toHaveAttribute('id', 'degree_date');
    expect([...month().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '--',
      ...MONTHS.slice(1).map((m) => m.label),
    ]);
    expect([...year().querySelectorAll('option')].map((o) => o.textContent)).toEqual(['--', '2024', '2023', '2022']);
  });

  it("stores '' for half a date, keeps the half on screen, then stores YYYY-MM", async () => {
    const { user, onChange } = renderForm(page, { answers: { degree_date: '2023-01' } });
    await user.selectOptions(year(), '--');
    expect(onChange).toHaveBeenLastCalledWith({ degree_date: '' });
    expect(month()).toHaveValue('1');
    await user.selectOptions(month(), 'March');
    expect(month()).toHaveValue('3');
    await user.selectOptions(year(), '2022');
    expect(onChange).toHaveBeenLastCalledWith({ degree_date: '2022-03' });
  });

  it('keeps a stored year that the generated list no longer has', () => {
    renderForm(page, { answers: { degree_date: '1999-06' } });
    expect(year()).toHaveValue('1999');
  });
});
