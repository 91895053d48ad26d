import { BLANK_OPTION, frozenOptions, type AnswerOption, type OptionList } from '../answer-option';
import { COUNTRY_NAMES } from './country-names';

export const USA = 'USA';

/** Alphabetical already (country-names.ts; countries.test.ts checks it). */
const ALL: AnswerOption[] = Object.entries(COUNTRY_NAMES).map(([value, label]) => ({ value, label }));
const usa = ALL.find((o) => o.value === USA);
if (!usa) throw new Error('The country list has no United States');
const others = ALL.filter((o) => o !== usa);

/** Blank, then the United States (most applicants), then alphabetical; values are ISO alpha-3. */
export const COUNTRIES: OptionList = frozenOptions([BLANK_OPTION, usa, ...others]);

/** For questions about a country other than the United States (e.g. a second citizenship). */
export const COUNTRIES_WITHOUT_USA: OptionList = frozenOptions([BLANK_OPTION, ...others]);
