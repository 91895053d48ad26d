import { describe, expect, test } from 'vitest';
import { carryAnswers, readNavigationState } from './navigation-state';

describe('navigation state', () => {
  test('keeps the known fields of the right type', () => {
    expect(
      readNavigationState({ message: 'Hi', errorMessage: 'Oops', username: 'a@b.co', answers: { first_name: 'Ada' } }),
    ).toEqual({ message: 'Hi', errorMessage: 'Oops', username: 'a@b.co', answers: { first_name: 'Ada' } });
  });

  test('drops what history may hold from elsewhere', () => {
    expect(readNavigationState(null)).toEqual({});
    expect(readNavigationState('text')).toEqual({});
    expect(readNavigationState({ message: 3, errorMessage: '', answers: ['x'], other: true })).toEqual({});
    expect(readNavigationState({ answers: { first_name: 'Ada', age: 3 } })).toEqual({ answers: { first_name: 'Ada' } });
  });

  test('carries answers only when there are some', () => {
    expect(carryAnswers(undefined)).toBeUndefined();
    expect(carryAnswers({ first_name: 'Ada' })).toEqual({ answers: { first_name: 'Ada' } });
  });
});
