// Moved to the site feature (issue 40); kept for the review screen's files until they import it from there.
export { useZonedTime } from '../../site/zoned-time';
