import { summaryGroups } from '@admissions/domain';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useApplicationErrors, useApplicationForm } from '../state/application-state-context';
import styles from './validation-summary.module.css';

export const SUMMARY_TITLE = "We're missing some information!";
export const SUMMARY_TEXT =
  'The links below show what needs to be corrected. Missing or incorrect items will be highlighted on each page; simply fix them and then resubmit your application.';

/**
 * SPEC section 2: every error, each linking to `page#field_key`, grouped
 * under its step, and naming the school of a school's question ('School 3:
 * City'), so ten schools read as ten schools, not as 'City' ten times. Shown while
 * the web status is validating and there are errors. It is rebuilt on every
 * focus request (after a submit), so focus lands on a fresh element and a
 * screen reader reads it again, the second time as the first.
 */
export function ValidationSummary({ pagePath }: { pagePath: string }) {
  const { summaryFocusKey } = useApplicationErrors();
  return <SummaryRegion key={summaryFocusKey} pagePath={pagePath} />;
}

function SummaryRegion({ pagePath }: { pagePath: string }) {
  const { form, takeSummaryFocus } = useApplicationForm();
  const { shownErrors } = useApplicationErrors();
  const headingId = useId();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    if (takeSummaryFocus(pagePath)) region.current?.focus();
  }, [pagePath, takeSummaryFocus]);

  return (
    <section ref={region} className={styles.summary} aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className={styles.title}>
        {SUMMARY_TITLE}
      </h2>
      <p className={styles.text}>{SUMMARY_TEXT}</p>
      {summaryGroups(form, shownErrors).map((group) => (
        <div key={group.title} className={styles.group}>
          <h3 className={styles.groupTitle} id={`${headingId}-${group.page ?? 'other'}`}>
            {group.title}
          </h3>
          <ul className={styles.list} aria-labelledby={`${headingId}-${group.page ?? 'other'}`}>
            {group.links.map((link) => (
              <li key={`${link.key}\n${link.message}`}>
                <Link to={link.href}>{link.text}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
