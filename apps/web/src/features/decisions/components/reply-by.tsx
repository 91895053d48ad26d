import { formatInSecondZone, formatInZone, sameWallClock } from '@admissions/domain';

/** The reply-by instant in the institution's zone, and in the applicant's own when it shows another time. */
export function ReplyBy({ at, zone }: { at: string; zone: string }) {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      {formatInZone(at, zone)}
      {own && !sameWallClock(at, zone, own) && <> (your time: {formatInSecondZone(at, own, true)})</>}
    </>
  );
}
