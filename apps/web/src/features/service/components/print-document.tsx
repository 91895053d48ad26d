import { buildForm, formWithoutEqualityQuestions, tenantAsKept, type ServicePrintData } from '@admissions/domain';
import { useMemo } from 'react';
import { FormPageBody, type FormRenderContext } from '../../../components/form/form-page-body';
import { Subheadings } from '../../../components/form/shell/heading';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { usePrintData } from '../api/print-data-api';
import styles from './print-view.module.css';
import './print-layout.css';

const ignore = () => {};

export const applicantName = (data: ServicePrintData | undefined) =>
  [data?.answer.first_name, data?.answer.last_name].filter(Boolean).join(' ');

/**
 * Every page of the application, read-only, from the same form definition and
 * the same question renderers as the editable pages (ctx.readOnly switches
 * each one to text and [X]/[ ] marks), read with a print link's token.
 * `embedded`: inside another page (the office's review screen), under that
 * page's own headings: no h1, the steps one level down.
 */
export function PrintDocument({ token, embedded = false }: { token: string; embedded?: boolean }) {
  const tenant = useTenantConfig();
  const result = usePrintData(token);
  const data = result.data?.kind === 'ok' ? result.data.data : undefined;
  // A submitted application reads with the program and term it kept, whatever the tenant offers today (issue 41).
  const keptBasis = data?.kept_basis;
  // The office reads one application here: the equality monitoring questions are left out (issue 47), as the
  // server leaves out their answers.
  const form = useMemo(
    () => formWithoutEqualityQuestions(buildForm(tenantAsKept(tenant, keptBasis))),
    [tenant, keptBasis],
  );
  const name = applicantName(data);

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
        {!embedded && <h1 className={styles.title}>Application print view</h1>}
        <InlineAlert severity="error">{result.data.message}</InlineAlert>
      </div>
    );
  }
  if (!ctx) return <PageLoading />;
  const StepTitle = embedded ? 'h3' : 'h2';
  const prefix = embedded ? 'embedded-print' : 'print';
  const body = form.pages.map((page) => (
    <section key={page.path} className={styles.page} aria-labelledby={`${prefix}-${page.step}`}>
      <StepTitle id={`${prefix}-${page.step}`} className={styles.pageTitle}>
        Step {page.step}: {page.title}
      </StepTitle>
      <FormPageBody page={page} ctx={ctx} />
    </section>
  ));
  return (
    <article className={styles.view} data-print-view>
      {!embedded && <h1 className={styles.title}>{name ? `Application of ${name}` : 'Application'}</h1>}
      {embedded ? <Subheadings>{body}</Subheadings> : body}
    </article>
  );
}
