import { isHidden, type FormPage } from '@admissions/domain';
import type { JSX } from 'react';
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
 */
export function FormPageBody({ page, ctx }: { page: FormPage; ctx: FormRenderContext }): JSX.Element {
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
}
