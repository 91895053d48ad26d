import {
  allQuestions,
  answerMaxLengths,
  buildForm,
  controllingKeys,
  FORM_PAGES,
  tenantAsKept,
  type AddAnotherQuestion,
  type FormDefinition,
  type KeptBasis,
  type TabsQuestion,
  type TenantConfig,
} from '@admissions/domain';
import { hideableAnswerKeys } from './hideable-keys';

/** What the application calls need to know about the tenant's form, derived once at boot. */
export interface FormContext {
  form: FormDefinition;
  maxLengths: ReadonlyMap<string, number>;
  controllers: ReadonlySet<string>;
  /** Keys the answers can hide: a save of one is checked against the stored answers (see hideable-keys). */
  hideable: ReadonlySet<string>;
  pagePaths: ReadonlySet<string>;
  repeaters: ReadonlyMap<string, AddAnotherQuestion>;
  tabGroups: ReadonlyMap<string, TabsQuestion>;
  /**
   * The form a submitted application is read with: built with the program and term it kept (issue 41),
   * so a tenant file that has since dropped its term or renamed its program changes none of its labels
   * or checklist. Without a kept basis (not submitted), today's form.
   */
  formAsKept(kept: KeptBasis | null | undefined): FormDefinition;
}

export function createFormContext(tenant: TenantConfig): FormContext {
  const form = buildForm(tenant);
  const questions = form.pages.flatMap(allQuestions);
  return {
    form,
    maxLengths: answerMaxLengths(form),
    controllers: controllingKeys(form),
    hideable: hideableAnswerKeys(form),
    pagePaths: new Set(FORM_PAGES.map((p) => p.path)),
    repeaters: new Map(
      questions.filter((q): q is AddAnotherQuestion => q.kind === 'add-another').map((q) => [q.key, q]),
    ),
    tabGroups: new Map(questions.filter((q): q is TabsQuestion => q.kind === 'tabs').map((q) => [q.key, q])),
    // buildForm keeps one form per distinct configuration, so applications that kept the same basis share one.
    formAsKept: (kept) => {
      const asKept = tenantAsKept(tenant, kept);
      return asKept === tenant ? form : buildForm(asKept);
    },
  };
}
