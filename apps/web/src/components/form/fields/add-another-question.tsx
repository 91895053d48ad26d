import type { AddAnotherQuestion } from '@admissions/domain';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import type { QuestionProps } from '../form-render-context';
import { labelIdOf } from '../shell/field-ids';
import { FieldDescription } from '../shell/field-messages';
import { Heading, Subheadings } from '../shell/heading';
import { addAnotherCount, assertRepeatLimit } from './add-another-count';
import { RemoveBlockButton } from './remove-block-button';
import styles from './add-another-question.module.css';

export const itemHeadingIdOf = (key: string, n: number) => `${key}-item-${n}`;

/**
 * Repeated blocks (SPEC section 4, Add-another): the first `count` items,
 * each headed '{itemTitle} {n}', and a button that asks the caller to save
 * count + 1 while it may (logged in, below the maximum). When the new block
 * appears, focus moves to its heading so keyboard and screen-reader users
 * land where they asked to go. With two blocks or more, each has a Remove
 * action (with a confirmation); focus then goes to the block in its place.
 */
export function AddAnotherQuestionField({ question, ctx, renderQuestions }: QuestionProps<AddAnotherQuestion>) {
  assertRepeatLimit(question);
  const count = addAnotherCount(question, ctx.view.addAnother[question.key]);
  const focusItem = useRef<number | null>(null);

  useEffect(() => {
    const n = focusItem.current;
    if (n !== null && count >= n) {
      focusItem.current = null;
      document.getElementById(itemHeadingIdOf(question.key, n))?.focus();
    }
  }, [count, question.key]);

  const onAddAnother = ctx.readOnly ? undefined : ctx.onAddAnother;
  const canAdd = onAddAnother !== undefined && count < question.maxRepeats;
  // Any block may go once there are two: the rest move up, and one block always stays.
  const onRemoveRepeat = ctx.readOnly || count < 2 ? undefined : ctx.onRemoveRepeat;
  // After a removal, land on the block that took its place, or on the one before when the last went.
  const focusBlock = (n: number) => document.getElementById(itemHeadingIdOf(question.key, Math.min(n, count)))?.focus();

  return (
    // Groups rather than regions, so ten schools do not add ten landmarks.
    <div
      id={question.key}
      role="group"
      className={styles.repeater}
      aria-labelledby={question.label ? labelIdOf(question.key) : undefined}
    >
      {question.label && (
        <Heading id={labelIdOf(question.key)} className={styles.title}>
          {question.label}
        </Heading>
      )}
      <FieldDescription fieldKey={question.key} text={question.description} />
      <Subheadings>
        {question.items.slice(0, count).map((item, i) => (
          <div
            key={question.prefixes[i] ?? i}
            role="group"
            className={styles.item}
            aria-labelledby={itemHeadingIdOf(question.key, i + 1)}
          >
            {/* Focusable from script only, to receive focus after 'Add Another'. */}
            <Heading id={itemHeadingIdOf(question.key, i + 1)} className={styles.itemTitle} tabIndex={-1}>
              {question.itemTitle} {i + 1}
            </Heading>
            <Subheadings>{renderQuestions(item)}</Subheadings>
            {onRemoveRepeat && (
              <div>
                <RemoveBlockButton
                  name={`${question.itemTitle} ${i + 1}`}
                  followers={i + 1 < count}
                  onRemove={() => onRemoveRepeat(question.key, i + 1, question.itemTitle)}
                  focusAfterRemoval={() => focusBlock(i + 1)}
                />
              </div>
            )}
          </div>
        ))}
      </Subheadings>
      {canAdd && (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              focusItem.current = count + 1;
              onAddAnother(question.key, count + 1);
            }}
          >
            {question.buttonLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
