import { useSearchParams } from 'react-router';

/**
 * SPEC section 2: a page opened with ?service_token= is the read-only print
 * rendering for staff, without navigation, account menu or footer.
 */
export function useIsServiceUser(): boolean {
  const [params] = useSearchParams();
  return params.has('service_token');
}
