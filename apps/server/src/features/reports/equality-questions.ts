import {
  allQuestions,
  CHECKED,
  reportedEqualityKeys,
  type FormDefinition,
  type OptionList,
  type Question,
} from '@admissions/domain';

/** One demographic question of the equality report, with the rows it always shows. */
export interface EqualityQuestion {
  key: string;
  label: string;
  /** The options in the form's order (no blank); a race box has one, "Selected". */
  options: OptionList;
  /** A long list (citizenship's countries) shows only the options someone chose; a short one shows them all. */
  listAll: boolean;
  /** The row of '' (nothing chosen): "Not answered", or "Not selected" for a race box. */
  blankLabel: string;
}

/** A longer option list than this shows only the options chosen: some 250 countries would be mostly zeros. */
const LONGEST_LIST_SHOWN_WHOLE = 20;

/**
 * The demographic answers the About step asks (issue 47): `gender`, `ethnicity`, each `race_*` box and
 * `citizenship`, found in the built form so their keys, labels and options are the form's own. Each race box
 * is a question of its own (an applicant may tick several), labelled with the box ("Race: Asian").
 */
export function equalityQuestions(form: FormDefinition): EqualityQuestion[] {
  // The form's questions marked `equality` (the domain's equality-answers.ts).
  const demographic = reportedEqualityKeys(form);
  const out: EqualityQuestion[] = [];
  const visit = (q: Question, group?: string) => {
    if (q.kind === 'check-group') {
      const groupLabel = q.label.replace(/\s*\(.*\)\s*$/, '');
      for (const item of q.items) visit(item, groupLabel);
      return;
    }
    if (!demographic.has(q.key)) return;
    if (q.kind === 'checkbox') {
      out.push({
        key: q.key,
        label: group ? `${group}: ${q.label}` : q.label,
        options: [{ value: CHECKED, label: 'Selected' }],
        listAll: true,
        blankLabel: 'Not selected',
      });
    } else if (q.kind === 'select' || q.kind === 'radio') {
      const options = q.options.filter((o) => o.value !== '');
      out.push({
        key: q.key,
        label: q.label,
        options,
        listAll: options.length <= LONGEST_LIST_SHOWN_WHOLE,
        blankLabel: 'Not answered',
      });
    }
  };
  const seen = new Set<string>();
  for (const page of form.pages.filter((p) => p.id === 'about')) {
    for (const q of allQuestions(page)) {
      // allQuestions lists a group's boxes after the group: visit each question once.
      if (seen.has(q.key)) continue;
      if (q.kind === 'check-group') for (const item of q.items) seen.add(item.key);
      seen.add(q.key);
      visit(q);
    }
  }
  return out;
}
