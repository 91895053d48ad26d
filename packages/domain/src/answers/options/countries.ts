import countries from 'i18n-iso-countries';
// Registering the locale from its JSON keeps browser bundles to one language;
// Node's entry of the package registers every language on its own anyway.
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { BLANK_OPTION, frozenOptions, type AnswerOption, type OptionList } from '../answer-option';

countries.registerLocale(en);

export const USA = 'USA';

/**
 * The package's official names put some countries under their form of
 * government ("People's Republic of China", "The Republic of North
 * Macedonia"); applicants look for the common name in an alphabetical list.
 */
const COMMON_NAMES: Readonly<Record<string, string>> = {
  CN: 'China',
  CZ: 'Czechia',
  GM: 'Gambia',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
};

function buildCountries(): AnswerOption[] {
  const names = countries.getNames('en', { select: 'official' });
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return Object.entries(names)
    .map(([alpha2, name]) => ({ value: countries.alpha2ToAlpha3(alpha2) ?? '', label: COMMON_NAMES[alpha2] ?? name }))
    .filter((o) => o.value !== '')
    .sort((a, b) => collator.compare(a.label, b.label));
}

const ALL = buildCountries();
const usa = ALL.find((o) => o.value === USA);
if (!usa) throw new Error('i18n-iso-countries no longer lists the United States');
const others = ALL.filter((o) => o !== usa);

/** Blank, then the United States (most applicants), then alphabetical; values are ISO alpha-3. */
export const COUNTRIES: OptionList = frozenOptions([BLANK_OPTION, usa, ...others]);

/** For questions about a country other than the United States (e.g. a second citizenship). */
export const COUNTRIES_WITHOUT_USA: OptionList = frozenOptions([BLANK_OPTION, ...others]);
