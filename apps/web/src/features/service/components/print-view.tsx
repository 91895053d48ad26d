import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { usePrintData } from '../api/print-data-api';
import { applicantName, PrintDocument } from './print-document';

/**
 * The service user's print rendering (SPEC sections 2 and 6): every page of
 * the application, read-only (PrintDocument). No navigation, summary, errors,
 * buttons or uploads; the site layout already leaves out the account menu and footer.
 */
export function PrintView() {
  const [params] = useSearchParams();
  const token = params.get('service_token') ?? '';
  const result = usePrintData(token);
  const data = result.data?.kind === 'ok' ? result.data.data : undefined;
  const name = applicantName(data);
  usePageTitle(data ? `Application of ${name || 'an applicant'}` : 'Application print view');
  return <PrintDocument token={token} />;
}
