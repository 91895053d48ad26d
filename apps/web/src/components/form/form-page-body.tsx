import { isHidden, type FormPage } from '@admissions/domain';
import { memo, type JSX } from 'react';
import type { FormRenderContext } from './form-render-context';
import { renderQuestionsWith } from './question-list';
import { FieldDescription } from './shell/field-messages';
import { Heading, Subheadings } from './shell/heading';
import styles from './form-page-body.module.css';

export type { FormRenderContext } from './form-render-context';

const sectionTitleIdOf = (key: string) => `section-${key}-title`;

/**
 * The questions of one form page, drawn entirely from the declarative form
 * definition: sections in order (hidden ones skipped), each with its title
 * and its questions through the renderer registry. The page's own title
 * (h1) and buttons belong to the caller.
 *
 * Memoised: it depends on nothing but its page and its context, which callers
 * keep from one render to the next until something in it changes. A change
 * elsewhere in the page's state (the last page saved, the status set on a
 * first visit) would otherwise draw every question again.
 */
export const FormPageBody = memo(function FormPageBody({
  page,
  ctx,
}: {
  page: FormPage;
  ctx: FormRenderContext;
}): JSX.Element {
  const renderQuestions = renderQuestionsWith(ctx);
  return (
    <div className={styles.body} data-read-only={ctx.readOnly || undefined}>
      {page.sections
        .filter((section) => !isHidden(section, ctx.answers))
        .map((section) => (
          <section
            key={section.key}
            className={styles.section}
            aria-labelledby={section.title ? sectionTitleIdOf(section.key) : undefined}
          >
            {section.title && (
              <Heading id={sectionTitleIdOf(section.key)} className={styles.sectionTitle}>
                {section.title}
              </Heading>
            )}
            <FieldDescription fieldKey={`section-${section.key}`} text={section.description} />
            <Subheadings>
              {renderQuestions(section.questions)}
              {ctx.renderAfterSection?.(section)}
            </Subheadings>
          </section>
        ))}
    </div>
  );
});
