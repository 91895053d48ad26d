import { summaryLinks } from '@admissions/domain';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useApplicationState } from '../state/application-state-context';
import styles from './validation-summary.module.css';

export const SUMMARY_TITLE = "We're missing some information!";
export const SUMMARY_TEXT =
  'The links below show what needs to be corrected. Missing or incorrect items will be highlighted on each page; simply fix them and then resubmit your application.';

/**
 * SPEC section 2: every error, each linking to `page#field_key`. Shown while
 * the web status is validating and there are errors. It is rebuilt on every
 * focus request (after a submit), so focus lands on a fresh element and a
 * screen reader reads it again, the second time as the first.
 */
export function ValidationSummary({ pagePath }: { pagePath: string }) {
  const { summaryFocusKey } = useApplicationState();
  return <SummaryRegion key={summaryFocusKey} pagePath={pagePath} />;
}

function SummaryRegion({ pagePath }: { pagePath: string }) {
  const { form, shownErrors, takeSummaryFocus } = useApplicationState();
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
      <ul className={styles.list}>
        {summaryLinks(form, shownErrors).map((link) => (
          <li key={`${link.key}\n${link.message}`}>
            <Link to={link.href}>{link.message}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
