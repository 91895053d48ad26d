import type { StaffApplicationDetail } from '@admissions/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { ServerError, userMessage } from '../../../lib/api-errors';
import { DecisionPanel } from '../../decisions/components/decision-panel';
import { ApplicationMessages } from '../../messages/components/application-messages';
import { PaymentsPanel } from '../../payments/components/payments-panel';
import { StaffLetters } from '../../recommendations/components/staff-letters';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { createPrintToken, revokePrintToken, useApplicationDetail, useStaffMe } from '../api/staff-api';
import { CallError } from '../components/error-text';
import { formatSize, STATUS_LABELS } from '../components/staff-format';
import { StaffChecklist } from '../components/staff-checklist';
import { OtherApplications } from '../components/other-applications';
import { StaffGate } from '../components/staff-gate';
import { useResultFocus } from '../components/use-result-focus';
import styles from '../components/staff.module.css';
import { reviewPath } from '../review/neighbours';

/**
 * One application for a reader: /staff/applications/:userId?cycle=…, the cycle written into the address once the
 * application has loaded (decision 064).
 */
export function ApplicationRoute() {
  return (
    <StaffGate>
      <ApplicationView />
    </StaffGate>
  );
}

function ApplicationView() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const cycle = params.get('cycle') || undefined;
  const detail = useApplicationDetail(userId, true, cycle);
  const formatTime = useZonedTime();
  const me = useStaffMe(true);
  const name = detail.data
    ? [detail.data.first_name, detail.data.last_name].filter(Boolean).join(' ') || '(no name yet)'
    : '';
  const refusal = detail.error instanceof ServerError ? detail.error : undefined;
  const notFound = refusal?.status === 404 || refusal?.status === 400;
  usePageTitle(
    detail.data ? `Application of ${name}` : notFound ? NOT_FOUND_TITLE : refusal ? NOT_OPENED_TITLE : 'Application',
  );
  // Arrived at an application (from the list, a link, or another application): its name first, as a new page's title.
  const title = useRef<HTMLHeadingElement>(null);
  const shownId = detail.data?.user_id;
  useEffect(() => {
    if (shownId) title.current?.focus();
  }, [shownId]);
  if (refusal?.movedTo)
    return <Navigate replace to={`/staff/applications/${encodeURIComponent(refusal.movedTo)}${search}`} />;
  if (detail.isError) return <NotOpened error={detail.error} notFound={notFound} />;
  if (!detail.data) return <PageLoading />;
  const app = detail.data;
  return (
    <div className={styles.page}>
      {app.cycle_id !== cycle && <Navigate replace to={addressOf(userId, search, app.cycle_id)} />}
      <p>
        <Link to="/staff">Back to the applications</Link>
      </p>
      <h1 ref={title} tabIndex={-1} className={styles.title}>
        {name}
      </h1>
      {app.web_status === 'submitted' && (
        <p>
          <Link to={reviewPath(app.user_id)}>Read and review beside the print view</Link>
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Preferred name</dt>
        <dd>{app.preferred_name || '—'}</dd>
        <dt>E-mail</dt>
        <dd>{app.email}</dd>
        <dt>Program</dt>
        <dd>{app.program_label || '—'}</dd>
        <dt>Entry term</dt>
        <dd>{app.entry_term_label || '—'}</dd>
        <dt>Applications in this cycle</dt>
        <dd>{app.applications_by_person}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[app.web_status]}</dd>
        <dt>Submitted</dt>
        <dd>{app.submitted_at ? formatTime(app.submitted_at) : 'Not yet'}</dd>
        <dt>Last change</dt>
        <dd>{formatTime(app.last_change)}</dd>
        {/* The campus systems' IDs written back through the API (issue 45); nothing until one is. */}
        {Object.keys(app.external_ids).length > 0 && (
          <>
            <dt>Campus IDs</dt>
            <dd>
              {Object.entries(app.external_ids)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([system, id]) => `${system} ${id}`)
                .join(', ')}
            </dd>
          </>
        )}
      </dl>
      <OtherApplications app={app} />
      <Actions app={app} />
      <DecisionPanel
        userId={app.user_id}
        canDecide={me.data?.rights.includes('decide') ?? false}
        applicantName={name}
      />
      {/* The money (issue 43): only for a member with the `payments` right; the server refuses the others anyway. */}
      {me.data?.rights.includes('payments') && <PaymentsPanel userId={app.user_id} />}
      <section aria-labelledby="history-title">
        <h2 id="history-title" className={styles.sectionTitle}>
          Status history
        </h2>
        {app.status_history.length === 0 ? (
          <p>No status recorded yet.</p>
        ) : (
          <ol className={styles.list}>
            {app.status_history.map((h) => (
              <li key={h.web_status}>
                {STATUS_LABELS[h.web_status as keyof typeof STATUS_LABELS] ?? h.web_status}: {formatTime(h.at)}
              </li>
            ))}
          </ol>
        )}
      </section>
      {!app.submitted_at && (
        <section aria-labelledby="missing-title">
          <h2 id="missing-title" className={styles.sectionTitle}>
            Missing items ({app.missing_items.length})
          </h2>
          {app.missing_items.length === 0 ? (
            <p>Nothing is missing.</p>
          ) : (
            <ul className={styles.list}>
              {app.missing_items.map((m) => (
                <li key={`${m.key}:${m.message}`}>{m.message}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="documents-title">
        <h2 id="documents-title" className={styles.sectionTitle}>
          Documents
        </h2>
        {app.documents.length === 0 ? (
          <p>No converted documents.</p>
        ) : (
          <ul className={styles.list}>
            {app.documents.map((d) => (
              <li key={d.answer_key}>
                {d.label}:{' '}
                <a href={d.url} target="_blank" rel="noreferrer">
                  {d.file_name} (PDF, {formatSize(d.file_size)})
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <StaffChecklist app={app} />
      <StaffLetters recommendations={app.recommendations} waived={app.waived_letter_access} />
      {/* What the office wrote to this applicant (issue 46), each message's text shown on demand. */}
      <ApplicationMessages userId={app.user_id} headingClassName={styles.sectionTitle} />
    </div>
  );
}

/**
 * The application's address naming its cycle (decision 064): a link copied from it still leads here after its
 * applicant starts the next cycle, which gives this id to the new application. Written by a Navigate element, not
 * an effect of the page: a link followed before it runs unmounts it, so it never takes the member back. The
 * detail query's key leaves the cycle out, so nothing is asked again.
 */
function addressOf(userId: string, search: string, cycle: string): string {
  const params = new URLSearchParams(search);
  params.set('cycle', cycle);
  return `/staff/applications/${encodeURIComponent(userId)}?${params.toString()}`;
}

const NOT_FOUND_TITLE = 'Application not found';
const NOT_OPENED_TITLE = 'This application could not be opened';

/**
 * A link to an application the member may not open (issue 49): an unknown or malformed id, or one outside the
 * member's programs, which the server answers alike (404) so the member learns nothing of the others. Shown in the
 * console, its heading focused as a new page's would be, with the way back to the list; any other refusal (the
 * member's own application, a right missing) with its code.
 */
function NotOpened({ error, notFound }: { error: unknown; notFound: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className={styles.page}>
      <h1 ref={title} tabIndex={-1} className={styles.title}>
        {notFound ? NOT_FOUND_TITLE : NOT_OPENED_TITLE}
      </h1>
      {notFound ? (
        <p>
          This application was not found, or not in your programs. The link may be incomplete, or the application may
          belong to a program you do not work on.
        </p>
      ) : (
        <CallError error={error} />
      )}
      <p>
        <Link to="/staff">Back to the applications</Link>
      </p>
    </div>
  );
}

function Actions({ app }: { app: StaffApplicationDetail }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fallbackUrl, setFallbackUrl] = useState<string | undefined>();
  const [tokenId, setTokenId] = useState<string | undefined>();
  const [withdrawn, setWithdrawn] = useState(false);
  // Withdrawing the link takes its button away, and a refusal is read where it is said: focus goes there.
  const result = useResultFocus<HTMLDivElement>();
  const openPrintView = async () => {
    setBusy(true);
    setError(undefined);
    // Opened at the click, so no pop-up blocker stops it; it is sent to the print view once the link exists.
    const win = window.open('', '_blank');
    try {
      const { id, print_url } = await createPrintToken(app.user_id);
      setTokenId(id);
      setWithdrawn(false);
      if (win) win.location.href = print_url;
      else setFallbackUrl(print_url);
    } catch (err) {
      win?.close();
      setError(userMessage(err));
      result.focusResult();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <Button onClick={() => void openPrintView()} loading={busy}>
        Open print view
      </Button>
      <a className={styles.buttonLink} href={app.packet_url} download>
        Download packet
      </a>
      {fallbackUrl && (
        <a href={fallbackUrl} target="_blank" rel="noreferrer">
          Print view (link valid for 30 minutes)
        </a>
      )}
      {tokenId && !withdrawn && (
        <Button
          variant="secondary"
          onClick={() =>
            void revokePrintToken(tokenId).then(
              () => {
                setError(undefined);
                setWithdrawn(true);
                setFallbackUrl(undefined);
                result.focusResult();
              },
              (err: unknown) => {
                setError(userMessage(err));
                result.focusResult();
              },
            )
          }
        >
          Withdraw the print link
        </Button>
      )}
      <div ref={result.ref} tabIndex={-1}>
        {withdrawn && <p role="status">The print link no longer works.</p>}
        {error && <InlineAlert severity="error">{error}</InlineAlert>}
      </div>
    </div>
  );
}
