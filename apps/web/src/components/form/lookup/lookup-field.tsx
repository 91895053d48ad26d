import {
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_MAX_WAIT_MS,
  lookupFillChanges,
  type LookupBlock,
  type LookupItem,
  type PartQuestion,
  type TextQuestion,
} from '@admissions/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCombobox } from 'downshift';
import { useRef, useState, type ChangeEvent } from 'react';
import type { FormRenderContext } from '../form-render-context';
import { labelIdOf } from '../shell/field-ids';
import { FieldDescription, FieldErrors } from '../shell/field-messages';
import { fieldStateOf } from '../shell/field-state';
import fieldStyles from '../shell/field.module.css';
import { focusKeepingEnvironment } from './focus-keeping-environment';
import { lookupItemsQuery, lookupRecordQuery } from './lookup-api';
import { useDebouncedValue } from './use-debounced-value';
import styles from './lookup-field.module.css';

/** Fewer characters than this match too much to help. */
export const LOOKUP_MIN_TEXT_LENGTH = 2;

/** The last option of a school list: keeps what was typed and moves on to the school's details. */
const NOT_LISTED: LookupItem = { id: '', text: 'My school is not listed', sub_text: 'Enter its details yourself' };

export const resultsMessage = (count: number) =>
  count === 0 ? 'No results found.' : count === 1 ? '1 result is available.' : `${count} results are available.`;

interface LookupFieldProps {
  block: LookupBlock;
  /** The block's search part (searchPart): a text question whose answer the applicant types. */
  question: PartQuestion<string> & TextQuestion;
  ctx: FormRenderContext;
}

/**
 * The lookup widget of address and school blocks (SPEC section 4): an ARIA
 * combobox (Downshift's useCombobox) on the block's search part. Typing asks
 * GET /lookup/find after 200 ms of quiet (at most 500 ms) and lists up to 5
 * options; arrows move, Enter or a click picks, Escape closes, Tab leaves
 * what was typed. Picking fills the block's parts from the full record, all
 * still editable. SPEC section 8: a failed search shows no options; a failed
 * record keeps the picked label in the search part.
 */
export function LookupField({ block, question, ctx }: LookupFieldProps) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  const queryClient = useQueryClient();
  const category = block.lookupCategory;
  const isSchool = block.kind === 'school-block';

  // Only what the applicant types is searched: a saved or filled answer opens no list.
  const [typed, setTyped] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const [loadingRecord, setLoadingRecord] = useState(false);
  const answersRef = useRef(ctx.answers);
  answersRef.current = ctx.answers;
  const [environment] = useState(() => focusKeepingEnvironment(() => document.getElementById(question.key)));

  const text = typed ? value.trim() : '';
  const settledText = useDebouncedValue(text, LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS);
  const searching = settledText.length >= LOOKUP_MIN_TEXT_LENGTH;
  const found = useQuery({
    ...lookupItemsQuery(category, settledText),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const items = searching && !found.isError ? (found.data ?? []) : [];
  const waiting = text.length >= LOOKUP_MIN_TEXT_LENGTH && (text !== settledText || found.isFetching);
  // SPEC section 8: a failed search offers no options at all, and announces none.
  const answered = searching && !waiting && found.isSuccess;
  const options = answered && isSchool ? [...items, NOT_LISTED] : items;
  const busy = waiting || loadingRecord;

  async function pick(item: LookupItem) {
    setTyped(false);
    if (item === NOT_LISTED) {
      // Manual entry: what was typed stays the name; the next detail to fill takes the focus.
      const next = block.questions.find((q) => q.part !== block.searchPart && q.part !== 'ceeb' && q.kind === 'text');
      if (next) document.getElementById(next.key)?.focus();
      return;
    }
    // First the label, so that a failed record still leaves the choice visible (SPEC section 8).
    ctx.onChange({ [question.key]: item.text.slice(0, question.maxLength) });
    setLoadingRecord(true);
    try {
      const record = await queryClient.fetchQuery(lookupRecordQuery(category, item.id));
      ctx.onChange(lookupFillChanges(block, record, answersRef.current));
    } catch {
      // SPEC section 8: the label stays; the applicant fills in the rest.
    } finally {
      setLoadingRecord(false);
    }
  }

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<LookupItem>({
      items: options,
      inputId: question.key,
      environment,
      labelId: labelIdOf(question.key),
      menuId: `${question.key}-options`,
      inputValue: value,
      // Every pick is a new choice, even of the same option again; the answers hold what was chosen.
      selectedItem: null,
      isOpen: menuWanted && options.length > 0,
      itemToString: (item) => item?.text ?? '',
      stateReducer: (state, { type, changes }) => {
        switch (type) {
          case useCombobox.stateChangeTypes.InputBlur:
            // Leaving the field keeps what was typed: only Enter or a click picks.
            return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
          case useCombobox.stateChangeTypes.InputKeyDownEnter:
          case useCombobox.stateChangeTypes.ItemClick:
            // pick() writes the answers; the input shows them.
            return { ...changes, inputValue: state.inputValue };
          default:
            return changes;
        }
      },
      onIsOpenChange: ({ isOpen: open }) => setMenuWanted(Boolean(open)),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) void pick(selectedItem);
      },
    });

  // The polite announcement of how many results there are, once a search has finished.
  const status = answered && menuWanted ? resultsMessage(items.length) : '';

  return (
    <div className={fieldStyles.field} data-invalid={errors.length > 0 || undefined}>
      <label className={fieldStyles.label} {...getLabelProps()}>
        {question.label}
      </label>
      <FieldDescription fieldKey={question.key} text={question.description} />
      <div className={styles.combobox}>
        <input
          {...getInputProps({
            name: a11y.name,
            type: 'text',
            className: fieldStyles.control,
            maxLength: question.maxLength,
            autoComplete: 'off',
            // The answer changes in the keystroke's own event. Downshift reports input changes from an
            // effect after rendering; a controlled input answering only then drops keys typed meanwhile
            // (seen as a lost ZIP digit on a busy machine).
            // Leaving the field ends the wish for options: a search answered later opens no list.
            onBlur: () => setMenuWanted(false),
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              setTyped(true);
              setMenuWanted(true);
              ctx.onChange({ [question.key]: event.target.value });
            },
            'aria-invalid': a11y['aria-invalid'],
            'aria-describedby': a11y['aria-describedby'],
          })}
        />
        <ul
          {...getMenuProps({
            className: styles.menu,
            'aria-label': `${question.label}: suggestions`,
            'aria-busy': busy || undefined,
          })}
          hidden={!isOpen}
        >
          {isOpen &&
            options.map((item, index) => (
              <li
                key={item === NOT_LISTED ? 'not-listed' : item.id}
                className={styles.option}
                data-highlighted={highlightedIndex === index || undefined}
                data-manual={item === NOT_LISTED || undefined}
                {...getItemProps({ item, index })}
              >
                <span className={styles.optionText}>{item.text}</span>
                {item.sub_text && <span className={styles.optionSubText}>{item.sub_text}</span>}
              </li>
            ))}
        </ul>
      </div>
      {busy && (
        <p className={styles.busy} aria-hidden="true">
          Searching…
        </p>
      )}
      <div id={`${question.key}-status`} role="status" className="visually-hidden">
        {status}
      </div>
      <FieldErrors fieldKey={question.key} errors={errors} />
    </div>
  );
}
