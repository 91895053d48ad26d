import { BLANK_OPTION, type OptionList } from '@admissions/domain';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { drawLater } from './draw-later';
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
  const { drawn, drawAll } = useDrawnOptions(list, value);
  return (
    <select
      {...a11y}
      className={styles.control}
      data-width={width}
      value={value}
      onChange={(e) => onChoose(e.target.value)}
      onKeyDown={(e) => {
        drawAll();
        onKeyDown(e);
      }}
      onFocus={drawAll}
      onPointerDown={drawAll}
    >
      <Options options={drawn} />
    </select>
  );
}

/** Longer lists are drawn in two steps (useDrawnOptions); shorter ones cost little. */
const SHORT_LIST = 40;

/**
 * The options to draw. A long list (a country list has some 250 entries, and
 * /about has four) first draws only the blank and the chosen option, which
 * show the same, and all of them after the page's first paint: each long list
 * in a task of its own, one after another (drawLater). Drawn at once, those
 * thousand elements were most of the first render and of the style work after
 * it, and the page showed later (docs/decisions/025-declarative-routes-and-page-data.md);
 * drawn in one task after the paint, they made it a long one (027). Touching
 * the control before its turn draws them at once, before the browser opens
 * its list.
 */
function useDrawnOptions(list: OptionList, value: string) {
  const [all, setAll] = useState(list.length <= SHORT_LIST);
  const drawnAtOnce = useRef(all);
  useEffect(() => (drawnAtOnce.current ? undefined : drawLater(() => setAll(true))), []);
  const first = useMemo(() => list.filter((o) => o.value === '' || o.value === value), [list, value]);
  return { drawn: all ? list : first, drawAll: () => setAll(true) };
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
