// Moved to shared/site (issue 40); kept for the review screen's files until they import it from there.
export { useZonedTime } from '../../../shared/site/zoned-time';
