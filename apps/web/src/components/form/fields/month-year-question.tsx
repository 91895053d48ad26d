import {
  joinMonthYear,
  optionLabel,
  splitMonthYear,
  yearOptions,
  type MonthYearQuestion,
  type OptionList,
} from '@admissions/domain';
import { useMemo } from 'react';
import type { QuestionProps } from '../form-render-context';
import { useDraft } from '../hooks/use-draft-value';
import { labelIdOf } from '../shell/field-ids';
import { GroupShell } from '../shell/group-shell';
import { ReadOnlyField } from '../shell/read-only-field';
import { SelectControl } from '../shell/select-control';
import { fieldStateOf } from '../shell/field-state';
import styles from '../shell/field.module.css';

type Parts = { month: string; year: string };
const join = (p: Parts) => joinMonthYear(p.month, p.year);

export const yearIdOf = (key: string) => `${key}-year`;

/** The generated years, plus a stored year that has since dropped off the list, so no answer disappears. */
function yearsWith(spec: MonthYearQuestion['years'], year: string): OptionList {
  const list = yearOptions(spec);
  return year === '' || list.some((o) => o.value === year) ? list : [...list, { value: year, label: year }];
}

/**
 * A month select and a year select stored together as 'YYYY-MM'. Half a date
 * stores '' but stays on screen until the other half is chosen. The month
 * select carries the answer key as its id (the summary link lands there).
 */
export function MonthYearQuestionField({ question, ctx }: QuestionProps<MonthYearQuestion>) {
  const { value, errors, a11y } = fieldStateOf(question.key, question.description, ctx);
  const [parts, setParts] = useDraft<Parts>(value, join, splitMonthYear);
  const years = useMemo(() => yearsWith(question.years, parts.year), [question.years, parts.year]);

  if (ctx.readOnly) {
    const stored = splitMonthYear(value);
    return (
      <ReadOnlyField label={question.label}>
        {stored.month && `${optionLabel(question.months, stored.month)} ${stored.year}`}
      </ReadOnlyField>
    );
  }

  const choose = (next: Parts) => {
    setParts(next);
    const joined = join(next);
    if (joined !== value) ctx.onChange({ [question.key]: joined });
  };
  const shared = { 'aria-invalid': a11y['aria-invalid'], 'aria-describedby': a11y['aria-describedby'] };
  const monthLabelId = `${question.key}-month-label`;
  const yearLabelId = `${question.key}-year-label`;

  return (
    <GroupShell fieldKey={question.key} label={question.label} description={question.description} errors={errors}>
      <div className={styles.inline}>
        <div>
          <label id={monthLabelId} className={styles.subLabel} htmlFor={question.key}>
            Month
          </label>
          <SelectControl
            {...shared}
            // The question's name with the half's, for whoever lands here from a summary link.
            aria-labelledby={`${labelIdOf(question.key)} ${monthLabelId}`}
            id={question.key}
            name={question.key}
            options={question.months}
            value={parts.month}
            onChoose={(month) => choose({ ...parts, month })}
          />
        </div>
        <div>
          <label id={yearLabelId} className={styles.subLabel} htmlFor={yearIdOf(question.key)}>
            Year
          </label>
          <SelectControl
            {...shared}
            aria-labelledby={`${labelIdOf(question.key)} ${yearLabelId}`}
            id={yearIdOf(question.key)}
            name={yearIdOf(question.key)}
            options={years}
            value={parts.year}
            onChoose={(year) => choose({ ...parts, year })}
          />
        </div>
      </div>
    </GroupShell>
  );
}
