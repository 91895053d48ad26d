import { formatLocalDate, type ExportRun, type ExportSummary } from '@admissions/domain';
import { useId } from 'react';
import { useCall } from '../../../components/modal/use-call';
import { Button } from '../../../components/ui/button';
import { CallError } from '../../../components/ui/call-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useCompactZonedTime, useZonedTime } from '../../../shared/site/zoned-time';
import { useExports, useRunExport } from '../api/exports-api';
import { timeOfDayText } from './zone-words';
import styles from '../integrations.module.css';

const RUN_STATES: Record<ExportRun['state'], string> = {
  running: 'Running',
  succeeded: 'Uploaded',
  failed: 'Failed',
};

/**
 * The scheduled exports of the tenant file (issue 45): when each runs (in the institution's zone), where its file
 * goes, its columns, its next run and its last runs with what went wrong; one run now on demand.
 */
export function ExportsSection({ onDone }: { onDone: (said: string) => void }) {
  const exports = useExports();
  return (
    <section aria-labelledby="exports-title" className={styles.section}>
      <h2 id="exports-title" className={styles.heading}>
        Scheduled exports
      </h2>
      <p className={styles.summary}>
        Each export writes a CSV file of the applications it selects, once a day, to the destination the tenant file
        names. A failed upload is tried again.
      </p>
      {exports.isError ? (
        <CallError error={exports.error} />
      ) : !exports.data ? (
        <PageLoading />
      ) : exports.data.exports.length === 0 ? (
        <p>No export is configured in the tenant file.</p>
      ) : (
        exports.data.exports.map((e) => <ExportCard key={e.name} summary={e} onDone={onDone} />)
      )}
    </section>
  );
}

function ExportCard({ summary, onDone }: { summary: ExportSummary; onDone: (said: string) => void }) {
  const id = useId();
  const { time_zone: zone } = useTenantConfig();
  const inZone = useZonedTime();
  const { time, zone: names } = useCompactZonedTime();
  const run = useRunExport();
  const call = useCall();
  const running = summary.runs.some((r) => r.state === 'running');
  const runNow = () =>
    call.run(async () => {
      await run.mutateAsync(summary.name);
      onDone(`The export ${summary.name} is running now; its run shows below when it ends.`);
    });
  return (
    <article aria-labelledby={`${id}-title`} className={styles.card}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {summary.name}
      </h3>
      <dl className={styles.facts}>
        <dt>Runs daily at</dt>
        <dd>{timeOfDayText(summary.at, zone)}</dd>
        <dt>Destination</dt>
        <dd>
          <code>{summary.destination}</code>
        </dd>
        <dt>Columns</dt>
        <dd>{summary.columns.map((c, i) => [i > 0 && ', ', <code key={c}>{c}</code>])}</dd>
        <dt>Next run</dt>
        <dd>{inZone(summary.next_run_at)}</dd>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          loading={call.busy}
          disabled={running}
          aria-label={`Run ${summary.name} now`}
          onClick={() => void runNow()}
        >
          Run now
        </Button>
      </div>
      <CallError error={call.error} />
      <h4 className={styles.minorHeading}>Last runs</h4>
      {summary.runs.length === 0 ? (
        <p>It has not run yet.</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={`Last runs of ${summary.name}`} tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">Last runs of {summary.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">State</th>
                <th scope="col" className={styles.number}>
                  Rows
                </th>
                <th scope="col" className={styles.number}>
                  Attempts
                </th>
                <th scope="col">
                  Started (<abbr title={names.long}>{names.short}</abbr>)
                </th>
                <th scope="col">File</th>
                <th scope="col">Error</th>
                <th scope="col">
                  Next try (<abbr title={names.long}>{names.short}</abbr>)
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.runs.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{formatLocalDate(r.date)}</th>
                  <td>{RUN_STATES[r.state]}</td>
                  <td className={styles.number}>{r.rows ?? '—'}</td>
                  <td className={styles.number}>{r.attempts}</td>
                  <td>
                    {time(r.started_at)}
                    <div className={styles.muted}>
                      {r.started_by === 'schedule' ? 'on schedule' : `by ${r.started_by}`}
                    </div>
                  </td>
                  <td>
                    <code>{r.file_name}</code>
                  </td>
                  <td>{r.error ?? '—'}</td>
                  <td>{r.next_attempt_at ? time(r.next_attempt_at) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
