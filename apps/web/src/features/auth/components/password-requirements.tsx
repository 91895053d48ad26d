import { PASSWORD_RULES, requirementState, type RequirementState } from '@admissions/domain';
import styles from './password-requirements.module.css';

/** Said to screen readers after each rule; the icons say the same to sighted users. */
const STATE_TEXT: Record<RequirementState, string> = {
  inactive: 'not checked yet',
  error: 'not met',
  success: 'met',
};

const STATE_ICON: Record<RequirementState, string> = {
  inactive: '•',
  error: '✗',
  success: '✓',
};

interface PasswordRequirementsProps {
  password: string;
  /** The password's current messages (every rule it breaks). */
  errors: readonly string[];
}

/** SPEC section 4: each rule is inactive while the password is empty, else in error or met. */
export function PasswordRequirements({ password, errors }: PasswordRequirementsProps) {
  return (
    <div className={styles.requirements}>
      <p className={styles.intro}>Make sure your password:</p>
      <ul className={styles.list}>
        {PASSWORD_RULES.map((rule) => {
          const state = requirementState(password, errors, rule);
          return (
            <li key={rule.id} className={styles.item} data-state={state}>
              <span className={styles.icon} aria-hidden="true">
                {STATE_ICON[state]}
              </span>
              <span>
                {rule.message}
                <span className="visually-hidden"> ({STATE_TEXT[state]})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
