import type { DecisionCodesResponse, DecisionRecord, RecordDecisionBody } from '@admissions/domain';
import { formatInZone } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { Modal } from '../../../components/ui/modal';
import {
  cancelRelease,
  officeDecisionsKey,
  recordDecision,
  releaseDecisions,
  useDecisionCodes,
  useOfficeDecisions,
} from '../api/decision-api';
import { DecisionFields, useDecisionDraft } from './decision-fields';
import { ReleaseControls } from './release-controls';

/**
 * The decider's part of one application: where its decision stands, the form
 * that records a provisional decision, the letter exactly as the applicant
 * will read it, and the release (now, or at a time in the institution's zone).
 */
export function DecisionPanel({
  userId,
  canDecide,
  applicantName,
}: {
  userId: string;
  canDecide: boolean;
  applicantName: string;
}) {
  const decisions = useOfficeDecisions(userId);
  const codes = useDecisionCodes();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  // Each action's result takes the focus (issue 41): the button that acted may be gone once the panel reloads.
  const result = useRef<HTMLDivElement>(null);
  const [results, setResults] = useState(0);
  useEffect(() => {
    if (results > 0) result.current?.focus();
  }, [results]);
  if (!decisions.data || !codes.data) return null;
  const { current, state, letter_html, withdrawn, history } = decisions.data;
  const refresh = (message: string) => {
    setNotice(message);
    setError('');
    setResults((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: officeDecisionsKey(userId) });
  };
  const fail = (message: string) => {
    setError(message);
    setResults((n) => n + 1);
  };
  const release = async (at?: string) => {
    try {
      refresh((await releaseDecisions({ application_ids: [userId], ...(at ? { at } : {}) })).message);
    } catch (err) {
      fail(userMessage(err));
    }
  };
  const cancel = async (releaseId: string) => {
    try {
      refresh((await cancelRelease(releaseId)).message);
    } catch (err) {
      fail(userMessage(err));
    }
  };
  const focusResult = () => result.current;
  const scheduled = current?.scheduled_release ?? null;
  return (
    <section aria-labelledby="decision-panel-title">
      <h2 id="decision-panel-title">Decision</h2>
      <div ref={result} tabIndex={-1}>
        {notice && <InlineAlert severity="success">{notice}</InlineAlert>}
        {error && <InlineAlert severity="error">{error}</InlineAlert>}
      </div>
      <p>
        {current ? `${current.label} (${state})` : withdrawn ? 'Withdrawn' : 'No decision yet'}
        {current?.scheduled_release &&
          ` — release scheduled for ${formatInZone(current.scheduled_release.at, codes.data.time_zone)}`}
      </p>
      {letter_html && (
        <>
          <h3>The letter as the applicant will read it</h3>
          <div dangerouslySetInnerHTML={{ __html: letter_html }} />
        </>
      )}
      {history.length > 0 && <DecisionHistory history={history} zone={codes.data.time_zone} />}
      {canDecide && !withdrawn && (
        <>
          <DecisionForm
            codes={codes.data}
            onSaved={refresh}
            onError={fail}
            userId={userId}
            scheduled={scheduled}
            focusAfter={focusResult}
          />
          {current?.status === 'provisional' && (
            <ReleaseControls
              zone={codes.data.time_zone}
              applicantName={applicantName}
              scheduled={scheduled}
              onRelease={release}
              onCancel={cancel}
              focusAfter={focusResult}
            />
          )}
        </>
      )}
    </section>
  );
}

function DecisionForm({
  codes,
  userId,
  onSaved,
  onError,
  scheduled,
  focusAfter,
}: {
  codes: DecisionCodesResponse;
  userId: string;
  onSaved: (message: string) => void;
  onError: (message: string) => void;
  /** A release scheduled for the decision now recorded: a new decision asks whether to keep it. */
  scheduled: { release_id: string; at: string } | null;
  /** Where focus goes once the question is answered (the result), rather than back to the form's button. */
  focusAfter: () => HTMLElement | null;
}) {
  const [asking, setAsking] = useState<RecordDecisionBody | null>(null);
  const answered = useRef(false);
  const draft = useDecisionDraft(codes);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.body();
    if (scheduled) setAsking(body);
    else await record(body, false);
  };
  const record = async (body: RecordDecisionBody, cancelSchedule: boolean) => {
    answered.current = asking !== null;
    setAsking(null);
    try {
      const { message } = await recordDecision(userId, body);
      if (cancelSchedule && scheduled) onSaved(`${message} ${(await cancelRelease(scheduled.release_id)).message}`);
      else onSaved(message);
    } catch (err) {
      onError(userMessage(err));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Record a decision">
      {scheduled && (
        <Modal
          title="Keep the scheduled release?"
          open={asking !== null}
          onOpenChange={(open) => !open && setAsking(null)}
          onCloseAutoFocus={(event) => {
            const target = answered.current ? focusAfter() : null;
            answered.current = false;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          actions={
            <>
              <Button variant="secondary" onClick={() => asking && void record(asking, true)}>
                Cancel the scheduled release
              </Button>
              <Button onClick={() => asking && void record(asking, false)}>Keep the schedule</Button>
            </>
          }
        >
          <p>
            This application&apos;s decision is scheduled for release at {formatInZone(scheduled.at, codes.time_zone)}.
            The new decision can go out then, or stay provisional until someone releases it.
          </p>
        </Modal>
      )}
      <DecisionFields idPrefix="decision" codes={codes} draft={draft} />
      <Button type="submit">Record the provisional decision</Button>
    </form>
  );
}

const STATUS_WORDS: Record<DecisionRecord['status'], string> = {
  provisional: 'provisional',
  replaced: 'replaced before release',
  released: 'released',
  superseded: 'released, then superseded',
};

/**
 * Every decision recorded on the application, newest first: who recorded and released it (by name, issue 49; the
 * address for a member without one), and when (issue 41).
 */
function DecisionHistory({ history, zone }: { history: DecisionRecord[]; zone: string }) {
  return (
    <>
      <h3>History</h3>
      <ol>
        {history.map((d) => (
          <li key={d.id}>
            {d.label} ({STATUS_WORDS[d.status]}): recorded by {d.decided_by_name ?? d.decided_by} at{' '}
            {formatInZone(d.decided_at, zone)}
            {d.released_at &&
              `; released by ${d.released_by_name ?? d.released_by ?? 'the office'} at ${formatInZone(d.released_at, zone)}`}
            {d.response &&
              d.response_at &&
              `; ${d.response === 'accept' ? 'accepted' : 'declined'}${d.response_by_default ? ' by default' : ''} at ${formatInZone(d.response_at, zone)}`}
          </li>
        ))}
      </ol>
    </>
  );
}
