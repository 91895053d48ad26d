import {
  ADD_ANOTHER_DEFAULT_COUNT,
  answerText,
  conditionalOptions,
  isChecked,
  isConfirmed,
  isEqualityQuestion,
  isHidden,
  formatDate,
  formatInZone,
  optionLabel,
  splitMonthYear,
  visibleChildren,
  type AddAnotherQuestion,
  type Answers,
  type CheckGroupQuestion,
  type DocumentAnswer,
  type FileQuestion,
  type FormDefinition,
  type MonthYearQuestion,
  type OptionList,
  type Question,
  type SchoolBlockQuestion,
  type StaticQuestion,
  type TabsQuestion,
  type ViewState,
} from '@admissions/domain';

/**
 * The PDF copy as data: what the applicant can see on the form pages, in
 * page order, in words and [X]/[ ] marks. It walks the form definition (the
 * same one the web pages and the print view walk), so nothing here names a
 * page, a section or an answer key. application-pdf.tsx only lays it out.
 */

export interface CopyOption {
  label: string;
  chosen: boolean;
}

export type CopyLine =
  /** A question and its answer in words; '' when unanswered. */
  | { kind: 'answer'; label: string; value: string }
  /** A question with choices: each option with its mark. */
  | { kind: 'choices'; label: string; options: CopyOption[] }
  /** One box: ticked or not, its label beside it. */
  | { kind: 'mark'; label: string; chosen: boolean }
  /** Text that is not an answer: information, "Document attached for …", a school's name. */
  | { kind: 'note'; title?: string; text: string }
  /** Questions that belong together: an address, a school, a numbered repeat. */
  | { kind: 'group'; title: string; lines: CopyLine[] };

export interface CopySection {
  title?: string;
  lines: CopyLine[];
}

export interface CopyPage {
  title: string;
  sections: CopySection[];
}

/** Who and what the copy is of: the header of its first page. */
export interface CopyHeader {
  partnerName: string;
  applicationTitle: string;
  /** '' when the applicant has not given a name yet. */
  applicantName: string;
  email: string;
  submittedAt: Date | null;
  /** The institution's zone (the tenant's time_zone), in which the copy gives its times, named (issue 49). */
  timeZone: string;
}

/** Said where an answer would be, so an empty line is not mistaken for a lost one. */
export const NOT_ANSWERED = 'Not answered';
export const DRAFT_NOTE = 'Draft — not yet submitted';

/** 'Submitted at 3:00 am Central Time on Monday, 2 November 2026': in the institution's zone, as the console writes it. */
export function submittedOn(at: Date, timeZone: string): string {
  return `Submitted at ${formatInZone(at, timeZone)}`;
}

export interface CopyInput {
  answers: Answers;
  view: ViewState;
  /**
   * Converted documents by the file question's answer key (SPEC section 3,
   * document_answer): a key is present only once its document is COMPLETED.
   */
  documentAnswer: Readonly<Record<string, DocumentAnswer>>;
  /**
   * The office's copy (the packet): the equality monitoring questions left out (gender, ethnicity, race), for
   * that data is for the aggregate reports only, never for reading one application (issue 47). Their answers
   * may stay in `answers`: other questions' conditions are read on the whole answers, as the form reads them.
   */
  withoutEquality?: boolean;
}

/**
 * Selects with more options than this (countries, states) show only the
 * chosen option: two hundred '[ ]' lines would bury the answer. Shorter lists
 * show every option, like a paper form.
 */
export const FULL_OPTION_LIST_MAX = 12;

export function copyOutline(form: FormDefinition, input: CopyInput): CopyPage[] {
  return form.pages.map((page) => ({
    title: `Step ${page.step}: ${page.title}`,
    sections: page.sections
      .filter((section) => !isHidden(section, input.answers))
      .map((section) => ({
        ...(section.title ? { title: section.title } : {}),
        lines: linesOf(section.questions, input),
      }))
      .filter((section) => section.lines.length > 0),
  }));
}

function linesOf(questions: readonly Question[], input: CopyInput): CopyLine[] {
  return questions
    .filter((q) => !isHidden(q, input.answers) && !(input.withoutEquality && isEqualityQuestion(q)))
    .flatMap((q) => linesOfQuestion(q, input));
}

function linesOfQuestion(question: Question, input: CopyInput): CopyLine[] {
  const { answers, view } = input;
  const value = answers[question.key] ?? '';
  const children = () => linesOf(visibleChildren(question, answers, view), input);

  switch (question.kind) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'email':
      return [{ kind: 'answer', label: question.label, value }];
    case 'ssn':
      // A copy leaves our hands (printed, e-mailed): keep only the last four digits.
      return [{ kind: 'answer', label: question.label, value: value && `XXX-XX-${value.slice(-4)}` }];
    case 'date':
      return [{ kind: 'answer', label: question.label, value: formatDate(value) }];
    case 'month-year':
      return [monthYearLine(question, value)];
    case 'radio':
    case 'select':
      return [choices(question.label, question.options, value, answerText(question, answers))];
    case 'conditional-select':
      return [choices(question.label, conditionalOptions(question, answers), value, answerText(question, answers))];
    case 'checkbox':
      return [{ kind: 'mark', label: question.label, chosen: isChecked(value) }];
    case 'check-group':
      return [checkGroupLine(question, input)];
    case 'confirmation-gate':
      return [{ kind: 'mark', label: question.label, chosen: isConfirmed(question, answers) }, ...children()];
    case 'address-block':
      return [{ kind: 'group', title: question.label, lines: children() }];
    case 'school-block':
      return [schoolGroup(question, input)];
    case 'file':
      return [fileLine(question, input)];
    case 'tabs':
      return [tabsLine(question, input), ...children()];
    case 'add-another':
      return [repeatGroup(question, input)];
    case 'condition-group':
      return children();
    case 'static':
      return staticLines(question);
    case 'date-window-banner':
      // A notice about a deadline, not part of the application.
      return [];
  }
}

function monthYearLine(question: MonthYearQuestion, value: string): CopyLine {
  const { month, year } = splitMonthYear(value);
  return {
    kind: 'answer',
    label: question.label,
    value: month ? `${optionLabel(question.months, month)} ${year}` : value,
  };
}

function checkGroupLine(question: CheckGroupQuestion, { answers, view }: CopyInput): CopyLine {
  return {
    kind: 'choices',
    label: question.label,
    options: visibleChildren(question, answers, view).map((item) => ({
      label: item.label,
      chosen: isChecked(answers[item.key]),
    })),
  };
}

function fileLine(question: FileQuestion, input: CopyInput): CopyLine {
  // Only a converted document counts: an answer alone may be an upload still converting, or one that failed.
  return input.documentAnswer[question.key]
    ? { kind: 'note', text: `Document attached for ${question.label}` }
    : { kind: 'answer', label: question.label, value: '' };
}

/** The tabs as choices, the shown pane marked; its questions follow. */
function tabsLine(question: TabsQuestion, { view }: CopyInput): CopyLine {
  // The saved pane, else the default: as visibleChildren decides.
  const chosen = view.tabs?.[question.key] ?? question.defaultTab;
  const pane = question.tabs.find((t) => t.id === chosen) ?? question.tabs.find((t) => t.id === question.defaultTab);
  return {
    kind: 'choices',
    label: question.label,
    options: question.tabs.map((t) => ({ label: t.label, chosen: t === pane })),
  };
}

function staticLines(question: StaticQuestion): CopyLine[] {
  // Like the print view: text meant only for applicants filling in the form is left out.
  return question.audience === 'applicant'
    ? []
    : [{ kind: 'note', ...(question.label ? { title: question.label } : {}), text: question.content }];
}

function choices(label: string, options: OptionList, value: string, chosenText: string): CopyLine {
  const real = options.filter((o) => o.value !== '');
  if (real.length > FULL_OPTION_LIST_MAX) {
    return value === ''
      ? { kind: 'answer', label, value: '' }
      : { kind: 'choices', label, options: [{ label: chosenText, chosen: true }] };
  }
  const listed = real.map((o) => ({ label: o.label, chosen: o.value === value }));
  // A stored value no longer among the options still shows as chosen, so no answer disappears.
  if (value !== '' && !real.some((o) => o.value === value)) listed.push({ label: chosenText, chosen: true });
  return { kind: 'choices', label, options: listed };
}

/** A school as the print view shows it: "name (ceeb)", then its other parts. */
function schoolGroup(question: SchoolBlockQuestion, input: CopyInput): CopyLine {
  const shown = visibleChildren(question, input.answers, input.view);
  const partKey = (part: string) => question.questions.find((q) => q.part === part)?.key;
  const answerOf = (part: string) => {
    const key = partKey(part);
    return key ? (input.answers[key] ?? '') : '';
  };
  const name = answerOf('name');
  const ceeb = answerOf('ceeb');
  const rest = shown.filter((q) => q.key !== partKey('name') && q.key !== partKey('ceeb'));
  return {
    kind: 'group',
    title: question.label,
    lines: [
      ...(name ? [{ kind: 'note' as const, text: ceeb ? `${name} (${ceeb})` : name }] : []),
      ...linesOf(rest, input),
    ],
  };
}

/** The saved number of repeats, numbered as on the page ("School 2"). */
function repeatGroup(question: AddAnotherQuestion, input: CopyInput): CopyLine {
  // The same clamp as visibleChildren: at least the default, at most the maximum.
  const saved = input.view.addAnother?.[question.key] ?? ADD_ANOTHER_DEFAULT_COUNT;
  const count = Math.min(Math.max(saved, ADD_ANOTHER_DEFAULT_COUNT), question.maxRepeats);
  return {
    kind: 'group',
    title: question.label,
    lines: question.items.slice(0, count).map((item, i) => ({
      kind: 'group' as const,
      title: `${question.itemTitle} ${i + 1}`,
      lines: linesOf(item, input),
    })),
  };
}
