import { formatInSecondZone, localTimeToInstant, sameWallClock, zoneName } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';

interface ReleaseControlsProps {
  /** The institution's zone: the picker's date and time are read there. */
  zone: string;
  /** Who will be told, by name. */
  applicantName: string;
  /** The scheduled release, when one is set. */
  scheduled: { release_id: string; at: string } | null;
  /** Releases now (no instant) or schedules the release; a thrown error is shown by the caller or the dialog. */
  onRelease: (at?: string) => Promise<void>;
  onCancel: (releaseId: string) => Promise<void>;
  /** Where focus goes once the release is confirmed and done (its button is gone by then). */
  focusAfter?: () => HTMLElement | null;
}

/**
 * Release now, after a confirmation that names who will be told; or at a date and time picked in the
 * institution's zone, its offset never typed, with the decider's own time beside it when it differs; or
 * cancel the release scheduled (issue 41).
 */
export function ReleaseControls({
  zone,
  applicantName,
  scheduled,
  onRelease,
  onCancel,
  focusAfter,
}: ReleaseControlsProps) {
  const [local, setLocal] = useState('');
  const id = useId();
  const instant = local ? localTimeToInstant(local, zone) : null;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div>
      <ConfirmAction
        label="Release now"
        title="Release the decision now?"
        confirmLabel="Release now to 1 applicant"
        cancelLabel="Not yet"
        onConfirm={() => onRelease()}
        focusAfter={focusAfter}
      >
        <p>
          1 applicant will be told at once, by e-mail and on the status page: {applicantName}. A released decision
          cannot be taken back.
        </p>
      </ConfirmAction>
      {scheduled ? (
        <Button variant="secondary" onClick={() => void onCancel(scheduled.release_id)}>
          Cancel the scheduled release
        </Button>
      ) : (
        <>
          <label htmlFor={id}>Or release at (date and time, {zoneName(instant ?? new Date(), zone)})</label>
          <input id={id} type="datetime-local" value={local} onChange={(e) => setLocal(e.target.value)} />
          {local && !instant && <p role="alert">That time does not exist in {zone} (the clocks skip it).</p>}
          {instant && own && !sameWallClock(instant, zone, own) && (
            <p>Your own time: {formatInSecondZone(instant, own, true)}.</p>
          )}
          <Button variant="secondary" onClick={() => void onRelease(instant!.toISOString())} disabled={!instant}>
            Schedule the release
          </Button>
        </>
      )}
    </div>
  );
}
