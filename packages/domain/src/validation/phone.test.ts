import { describe, expect, it } from 'vitest';
import {
  isValidUsOrInternationalPhone,
  isValidUsPhone,
  phoneErrors,
  type PhoneAnswers,
  type PhoneMessages,
} from './phone';

// Made-up wording: the rule must use the caller's messages, not its own.
const messages: PhoneMessages = {
  validHome: 'home?',
  validEvening: 'evening?',
  validMobile: 'cell?',
  oneRequired: 'one!',
  optIn: 'sms!',
};
const none: PhoneAnswers = { home: '', mobile: '', evening: '', international: '', optIn: false };
const GOOD = '(212) 555-0123';

describe('isValidUsPhone', () => {
  it.each([GOOD, '(999) 999-9999', '(200) 200-0000'])('accepts %s', (v) => expect(isValidUsPhone(v)).toBe(true));
  it.each([
    '',
    '2125550123',
    '212-555-0123',
    '(112) 555-0123',
    '(212) 155-0123',
    '(012) 555-0123',
    '(212) 555-012',
    ` ${GOOD}`,
    '(212)555-0123',
  ])('rejects %j', (v) => expect(isValidUsPhone(v)).toBe(false));
});

describe('phoneErrors', () => {
  it('asks for one number when none is given', () => {
    expect(phoneErrors(none, messages)).toEqual({ home: ['one!'], mobile: [], evening: [] });
  });

  it.each([
    ['cell', { mobile: GOOD }],
    ['evening', { evening: GOOD }],
    ['international', { international: '+33 1 23 45 67 89' }],
  ])('is satisfied by a %s number instead of home', (_n, given) => {
    expect(phoneErrors({ ...none, ...given }, messages)).toEqual({ home: [], mobile: [], evening: [] });
  });

  it('checks the format of every number given, each with its message', () => {
    expect(phoneErrors({ ...none, home: 'x', mobile: 'y', evening: 'z' }, messages)).toEqual({
      home: ['home?'],
      mobile: ['cell?'],
      evening: ['evening?'],
    });
  });

  it('needs a cell number for text updates', () => {
    expect(phoneErrors({ ...none, home: GOOD, optIn: true }, messages)).toEqual({
      home: [],
      mobile: ['sms!'],
      evening: [],
    });
    expect(phoneErrors({ ...none, home: GOOD, mobile: GOOD, optIn: true }, messages)).toEqual({
      home: [],
      mobile: [],
      evening: [],
    });
  });
});

describe('isValidUsOrInternationalPhone', () => {
  it.each([GOOD, '+44 20 7946 0958', '+8613812345678', '+1-202-555-0123', '+12345678'])('accepts %j', (v) =>
    expect(isValidUsOrInternationalPhone(v)).toBe(true),
  );
  it.each(['123', '(112) 555-0123', '+1234567', '+1234567890123456', '44 20 7946 0958', '+44  20', '++4420794609'])(
    'rejects %j',
    (v) => expect(isValidUsOrInternationalPhone(v)).toBe(false),
  );
});
