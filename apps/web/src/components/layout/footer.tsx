import { PrivacyDialog } from './privacy-dialog';
import { TechnicalHelpDialog } from './technical-help-dialog';
import styles from './footer.module.css';

interface FooterProps {
  partnerName: string;
  addressLine1: string;
  addressLine2: string;
  helpEmail: string;
  privacyPolicyUrl: string;
}

export function Footer({ partnerName, addressLine1, addressLine2, helpEmail, privacyPolicyUrl }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <address className={styles.address}>
          <span className={styles.name}>{partnerName}</span>
          <span>{addressLine1}</span>
          <span>{addressLine2}</span>
        </address>
        <ul className={styles.links}>
          <li>
            <TechnicalHelpDialog helpEmail={helpEmail} />
          </li>
          <li>
            <PrivacyDialog partnerName={partnerName} privacyPolicyUrl={privacyPolicyUrl} />
          </li>
        </ul>
      </div>
    </footer>
  );
}
