import { programListText, RECOMMENDER_REPLACEMENT_DELAY_MINUTES, type RecommenderState } from '@admissions/domain';
import { useId, useRef, useState } from 'react';
import { Heading } from '../../../components/form/shell/heading';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useOtherApplications } from '../hooks/use-other-applications';
import { useRecommenderActions } from '../hooks/use-recommender-actions';
import { AlsoAskFor } from './also-ask-for';
import { useLetterTimes } from './format-dates';
import styles from './recommender-status.module.css';

export const SEND_REQUEST_LABEL = 'Send request';
export const SEND_REMINDER_LABEL = 'Send a reminder';

interface RecommenderStatusProps {
  recommender: RecommenderState;
  /** The panel's heading. */
  heading: string;
  /** The form's name for this recommender ('Recommender', 'Second Recommender'): tells the two sets of buttons apart. */
  title: string;
  /** Final Steps: the name and e-mail can still change, so a request can go to someone new. */
  editable: boolean;
  /** The e-mail address on screen now, saved or not (Final Steps). */
  typedEmail?: string | undefined;
  /** Runs before a request is sent: saves the answers just typed. */
  beforeRequest?: () => Promise<void>;
  /** The office waived this letter (a checklist waiver): no letter is needed, and nothing is asked of anyone. */
  waived?: boolean;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where one recommender's letter stands for the applicant (never its
 * content): requested and when, received, or declined with the reason; and
 * the buttons that apply now: 'Send request' and 'Send a reminder' (one a day).
 */
export function RecommenderStatus({
  recommender: r,
  heading,
  title,
  editable,
  typedEmail = '',
  beforeRequest,
  waived = false,
}: RecommenderStatusProps) {
  const headingId = useId();
  const line = useRef<HTMLParagraphElement>(null);
  const times = useLetterTimes();
  const actions = useRecommenderActions(r.prefix, beforeRequest);
  // The account's other applications this request can name too (issue 42); none for most applicants.
  const others = useOtherApplications();
  const [alsoFor, setAlsoFor] = useState<readonly string[]>([]);
  const chosen = alsoFor.filter((id) => others.some((o) => o.id === id));
  // Two recommenders, two sets of buttons: their names say whom they are for.
  const to = (
    <>
      {' '}
      <span className="visually-hidden">to your {title.toLowerCase()}</span>
    </>
  );

  const sentTo = r.status !== 'NOT_REQUESTED' && r.email !== '';
  const emailChanged = editable && sentTo && typedEmail.trim() !== '' && !sameAddress(typedEmail, r.email);
  // A recommender who declined is not asked again: the button comes back with another address.
  const showRequest = !waived && (r.can_request || (editable && (r.status === 'NOT_REQUESTED' || emailChanged)));
  const showReminder = !waived && r.status === 'REQUESTED' && r.can_remind;

  // The pressed button may go away with the new status: focus moves to the status it changed.
  const act = async (send: () => Promise<boolean>) => {
    if (await send()) line.current?.focus();
  };

  return (
    <div className={styles.panel} role="group" aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {heading}
      </Heading>
      <p ref={line} tabIndex={-1} className={styles.line}>
        {waived && r.status !== 'RECEIVED' ? (
          <>
            Status: <strong>Waived by the admissions office</strong>: no letter is needed from this recommender.
          </>
        ) : (
          <StatusLine recommender={r} />
        )}
      </p>
      {r.status !== 'NOT_REQUESTED' && r.also_for_programs && r.also_for_programs.length > 0 && (
        <p className={styles.hint}>
          {r.status === 'REQUESTED' ? 'This request is' : 'This letter is'} also for your application
          {r.also_for_programs.length > 1 ? 's' : ''} to {programListText(r.also_for_programs)}.
        </p>
      )}
      {r.status === 'DECLINED' && r.decline_reason && <p className={styles.reason}>Their reason: {r.decline_reason}</p>}
      {editable && <Hint recommender={r} emailChanged={emailChanged} typedEmail={typedEmail} />}
      {!waived && r.status === 'REQUESTED' && !r.can_remind && r.next_reminder_at && (
        <p className={styles.hint}>You can send a reminder from {times.moment(r.next_reminder_at)}.</p>
      )}
      {showRequest && others.length > 0 && (
        <AlsoAskFor
          options={others}
          chosen={chosen}
          onChange={setAlsoFor}
          title={title}
          disabled={actions.busy !== undefined}
        />
      )}
      <div className={styles.actions}>
        {showRequest && (
          <Button
            variant="secondary"
            loading={actions.busy === 'request'}
            disabled={actions.busy !== undefined}
            onClick={() =>
              void act(async () => {
                const sent = await actions.sendRequest(chosen);
                if (sent) setAlsoFor([]);
                return sent;
              })
            }
          >
            {SEND_REQUEST_LABEL}
            {to}
          </Button>
        )}
        {showReminder && (
          <Button
            variant="secondary"
            loading={actions.busy === 'reminder'}
            disabled={actions.busy !== undefined}
            onClick={() => void act(actions.sendReminder)}
          >
            {SEND_REMINDER_LABEL}
            {to}
          </Button>
        )}
      </div>
      {actions.error && <InlineAlert severity="error">{actions.error}</InlineAlert>}
    </div>
  );
}

function StatusLine({ recommender: r }: { recommender: RecommenderState }) {
  const { day: formatDay } = useLetterTimes();
  const who = r.name || r.email;
  switch (r.status) {
    case 'NOT_REQUESTED':
      return (
        <>
          Status: <strong>Not requested yet</strong>.
        </>
      );
    case 'REQUESTED':
      return (
        <>
          Status: <strong>Requested</strong>
          {r.requested_at && ` on ${formatDay(r.requested_at)}`} from {who}
          {r.name && r.email && ` (${r.email})`}.
        </>
      );
    case 'RECEIVED':
      return (
        <>
          Status: <strong>Received</strong>
          {r.received_at && ` on ${formatDay(r.received_at)}`} from {who}.
        </>
      );
    case 'DECLINED':
      return (
        <>
          Status: <strong>Declined</strong>
          {r.declined_at && ` on ${formatDay(r.declined_at)}`} by {who}.
        </>
      );
  }
}

function Hint({
  recommender: r,
  emailChanged,
  typedEmail,
}: {
  recommender: RecommenderState;
  emailChanged: boolean;
  typedEmail: string;
}) {
  let text: string | undefined;
  if (r.status === 'NOT_REQUESTED')
    text =
      "When you have entered your recommender's name and e-mail address above, press Send request: we will e-mail them a link to send us their letter.";
  else if (emailChanged && r.status === 'REQUESTED')
    // The server retires the old link when the change is saved and asks the new address a little later (letter-requests.ts).
    text = `The request went to ${r.email}. Once this change is saved, that link stops working and we will ask ${typedEmail.trim()} within ${RECOMMENDER_REPLACEMENT_DELAY_MINUTES} minutes. To ask them now, press Send request.`;
  else if (emailChanged)
    text = `The request went to ${r.email}. To ask ${typedEmail.trim()} instead, press Send request.`;
  else if (r.status === 'DECLINED')
    text = 'You can ask someone else: enter their name and e-mail address above, then press Send request.';
  return text ? <p className={styles.hint}>{text}</p> : null;
}
