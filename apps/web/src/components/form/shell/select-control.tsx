import { BLANK_OPTION, type OptionList } from '@admissions/domain';
import { memo } from 'react';
import type { ControlA11y } from './field-ids';
import { useSelectKeyboard } from '../hooks/use-select-keyboard';
import styles from './field.module.css';

/** SPEC section 3: every select list starts with the blank option shown as '--'. */
export function withLeadingBlank(options: OptionList): OptionList {
  return options[0]?.value === '' ? options : [BLANK_OPTION, ...options];
}

interface SelectControlProps extends Partial<ControlA11y> {
  options: OptionList;
  value: string;
  onChoose: (value: string) => void;
  width?: 'short' | 'wide';
  /** Overrides the id-based label (the month and year halves label themselves). */
  'aria-labelledby'?: string;
}

/** A native single select with the SPEC's type-ahead and paging (see useSelectKeyboard). */
export function SelectControl({ options, value, onChoose, width, ...a11y }: SelectControlProps) {
  const list = withLeadingBlank(options);
  const onKeyDown = useSelectKeyboard(list, value, onChoose);
  return (
    <select
      {...a11y}
      className={styles.control}
      data-width={width}
      value={value}
      onChange={(e) => onChoose(e.target.value)}
      onKeyDown={onKeyDown}
    >
      <Options options={list} />
    </select>
  );
}

/**
 * Option lists are shared, frozen arrays; memoised on that identity, a page
 * with ten schools (ten country lists of some 250 entries) does not rebuild
 * thousands of options on every keystroke.
 */
const Options = memo(function Options({ options }: { options: OptionList }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
});
