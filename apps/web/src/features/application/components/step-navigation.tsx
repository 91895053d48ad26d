import type { MouseEvent } from 'react';
import { NavLink } from 'react-router';
import { FORM_STEPS } from '../form-pages';
import { useGoToPage } from '../hooks/use-go-to-page';
import styles from './step-navigation.module.css';

/** A plain left click; others (new tab, new window) keep the link's own behaviour. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The three steps (SPEC section 2). Moving between steps replaces the history
 * entry; NavLink marks the current step with aria-current="page". A visitor
 * with answers goes to /signup instead, and a logged-in applicant's answers
 * and validations are saved on the way (useGoToPage).
 */
export function StepNavigation() {
  const goToPage = useGoToPage();
  return (
    <nav className={styles.nav} aria-label="Application steps">
      <ol className={styles.list}>
        {FORM_STEPS.map((step) => (
          <li key={step.path} className={styles.item}>
            <NavLink
              to={step.path}
              replace
              className={styles.link}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                void goToPage(step.path, { replace: true });
              }}
            >
              <span className={styles.number}>Step {step.step}</span> <span className={styles.title}>{step.title}</span>
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
