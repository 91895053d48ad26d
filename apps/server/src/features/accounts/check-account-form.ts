import { validateAccountForm, type AccountFormName, type AccountForms } from '@admissions/domain';
import { AppError } from '../../http/app-error';

/** The server re-runs the very rules the browser ran; any broken rule is a 400 with the messages per field. */
export function assertAccountForm<F extends AccountFormName>(form: F, values: AccountForms[F]): void {
  const all = validateAccountForm(form, values) as Record<string, string[]>;
  const errors = Object.fromEntries(Object.entries(all).filter(([, list]) => list.length > 0));
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}
