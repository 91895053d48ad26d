import { Spinner } from './spinner';

/** Shown while a route's code or its first data arrive. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner size="large" />
      <span>Loading…</span>
    </div>
  );
}
