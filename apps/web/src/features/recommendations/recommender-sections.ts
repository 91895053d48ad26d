import {
  isHidden,
  RECOMMENDER_PREFIXES,
  type Answers,
  type FormDefinition,
  type FormSection,
  type RecommenderPrefix,
} from '@admissions/domain';

/** The recommender a form section asks about: the one whose e-mail question it holds. */
export function recommenderOfSection(section: FormSection): RecommenderPrefix | undefined {
  return RECOMMENDER_PREFIXES.find((prefix) => section.questions.some((q) => q.key === `${prefix}email`));
}

/** Each recommender's section of the form, so other pages name them as Final Steps does. */
export function recommenderSections(form: FormDefinition): { prefix: RecommenderPrefix; section: FormSection }[] {
  return form.pages.flatMap((page) =>
    page.sections.flatMap((section) => {
      const prefix = recommenderOfSection(section);
      return prefix ? [{ prefix, section }] : [];
    }),
  );
}

/**
 * Whether the form asks for recommenders with these answers. The server's
 * list decides which ones; this only spares the call for the many programs
 * that ask for none.
 */
export function asksForRecommenders(form: FormDefinition, answers: Answers): boolean {
  return recommenderSections(form).some(({ section }) => !isHidden(section, answers));
}
