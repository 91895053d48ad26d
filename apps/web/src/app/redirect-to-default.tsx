import { Navigate, useLocation } from 'react-router';
import { DEFAULT_FORM_PATH } from '../features/application/form-pages';

/**
 * '/' and unknown paths go to the default form page, keeping the query string
 * (e.g. ?token=) and any navigation state (e.g. the login message).
 */
export function RedirectToDefault() {
  const { search, hash, state } = useLocation();
  return <Navigate to={{ pathname: DEFAULT_FORM_PATH, search, hash }} state={state} replace />;
}
