import { NavLink } from 'react-router';
import { FORM_STEPS } from '../form-pages';
import styles from './step-navigation.module.css';

/**
 * The three steps (SPEC section 2). Moving between steps replaces the history
 * entry; NavLink marks the current step with aria-current="page".
 *
 * Still to come with the form: a visitor with answers goes to /signup instead,
 * and a logged-in user's answers are saved on the way.
 */
export function StepNavigation() {
  return (
    <nav className={styles.nav} aria-label="Application steps">
      <ol className={styles.list}>
        {FORM_STEPS.map((step) => (
          <li key={step.path} className={styles.item}>
            <NavLink to={step.path} replace className={styles.link}>
              <span className={styles.number}>Step {step.step}</span> <span className={styles.title}>{step.title}</span>
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
