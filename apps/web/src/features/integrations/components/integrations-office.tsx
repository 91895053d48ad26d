import { useState } from 'react';
import { Link } from 'react-router';
import { ApiTokensSection } from './api-tokens-section';
import { ExportsSection } from './exports-section';
import { WebhooksSection } from './webhooks-section';
import styles from '../integrations.module.css';

export const API_REFERENCE_PATH = '/staff/integrations/api';

/**
 * /staff/integrations (issue 45), for administrators: the ways out to the campus systems. API tokens for the read
 * API (with a link to its reference), signed webhooks with their delivery logs, and the scheduled exports. What an
 * action did is said in one place, read out as it changes.
 */
export function IntegrationsOffice() {
  const [said, setSaid] = useState('');
  return (
    <>
      <p className={styles.summary}>
        The campus systems (Banner, Colleague, PeopleSoft, Workday) read applications through the API, hear of changes
        through webhooks and receive files on a schedule. <Link to={API_REFERENCE_PATH}>API reference</Link>
      </p>
      <p role="status">{said}</p>
      <ApiTokensSection onDone={setSaid} />
      <WebhooksSection onDone={setSaid} />
      <ExportsSection onDone={setSaid} />
    </>
  );
}
