import { buildForm } from '@admissions/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FormPageBody, type FormRenderContext } from '../../../components/form/form-page-body';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useTenantConfig } from '../../site/api/get-tenant-config';
import { usePrintData } from '../api/get-print-data';
import styles from './print-view.module.css';
import './print-layout.css';

const ignore = () => {};

/**
 * The service user's print rendering (SPEC sections 2 and 6): every page of
 * the application, read-only, from the same form definition and the same
 * question renderers as the editable pages (ctx.readOnly switches each one to
 * text and [X]/[ ] marks). No navigation, summary, errors, buttons or
 * uploads; the site layout already leaves out the account menu and footer.
 */
export function PrintView() {
  const [params] = useSearchParams();
  const token = params.get('service_token') ?? '';
  const tenant = useTenantConfig();
  const form = useMemo(() => buildForm(tenant), [tenant]);
  const result = usePrintData(token);
  const data = result.data?.kind === 'ok' ? result.data.data : undefined;
  const name = [data?.answer.first_name, data?.answer.last_name].filter(Boolean).join(' ');
  usePageTitle(data ? `Application of ${name || 'an applicant'}` : 'Application print view');

  const ctx = useMemo<FormRenderContext | undefined>(
    () =>
      data && {
        answers: data.answer,
        onChange: ignore,
        errors: {},
        view: { addAnother: data.add_another, tabs: data.tabs },
        isLoggedIn: false,
        readOnly: true,
        documents: data.document_answer,
      },
    [data],
  );

  if (result.isPending) return <PageLoading />;
  if (result.data?.kind === 'invalid') {
    return (
      <div className={styles.view}>
        <h1 className={styles.title}>Application print view</h1>
        <InlineAlert severity="error">{result.data.message}</InlineAlert>
      </div>
    );
  }
  if (!ctx) return <PageLoading />;
  return (
    <article className={styles.view} data-print-view>
      <h1 className={styles.title}>{name ? `Application of ${name}` : 'Application'}</h1>
      {form.pages.map((page) => (
        <section key={page.path} className={styles.page} aria-labelledby={`print-${page.step}`}>
          <h2 id={`print-${page.step}`} className={styles.pageTitle}>
            Step {page.step}: {page.title}
          </h2>
          <FormPageBody page={page} ctx={ctx} />
        </section>
      ))}
    </article>
  );
}
