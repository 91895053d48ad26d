import {
  CHECKED_FIELDS,
  checkFields,
  hasErrors,
  type AccountFormName,
  type AccountForms,
  type FieldErrors,
} from '@admissions/domain';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ServerError } from '../../../lib/api-errors';

type Values<F extends AccountFormName> = AccountForms[F];
type Field<F extends AccountFormName> = keyof Values<F> & string;

/**
 * State and checks of one account form (SPEC sections 4 and 5).
 *
 * The checked fields are validated on every change, with the domain's rules
 * and messages. A field's messages are shown once the user has changed it or
 * tried to submit, so a fresh form is not covered in errors. After a submit
 * attempt the submit-time fields are checked on every change too, so a fixed
 * error goes away as soon as it is fixed. Messages given by the server (or by
 * an action such as resend) stay until their field changes.
 */
export function useAccountForm<F extends AccountFormName>(form: F, initialValues: Values<F>) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<Field<F>>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [externalErrors, setExternalErrors] = useState<Partial<Record<Field<F>, string[]>>>({});
  /** The form element, to move focus to a field whose message needs reading. */
  const formRef = useRef<HTMLFormElement>(null);

  const checked = CHECKED_FIELDS[form];
  const checkedNow = submitted ? [...new Set([...checked.onChange, ...checked.onSubmit])] : checked.onChange;
  const errors = checkFields(form, values, checkedNow) as FieldErrors<Values<F>>;

  /** The messages to show under a field right now. */
  function errorsOf(field: Field<F>): string[] {
    const own = submitted || touched.has(field) ? errors[field] : [];
    // The server may repeat a message the browser already shows.
    return [...new Set([...own, ...(externalErrors[field] ?? [])])];
  }

  function setValue(field: Field<F>, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    setExternalErrors((current) => ({ ...current, [field]: [] }));
  }

  /** Props for a TextField bound to one field. */
  function field(name: Field<F>) {
    return {
      name,
      value: String(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
      errors: errorsOf(name),
    };
  }

  /**
   * Show a message under a field until it changes (e.g. resend without a
   * valid e-mail), and focus the field so the message is read out.
   */
  function setFieldError(name: Field<F>, message: string) {
    setExternalErrors((current) => ({ ...current, [name]: [message] }));
    if (formRef.current) focusField(formRef.current, name);
  }

  /** Put the server's per-field messages (VALIDATION_FAILED) under the fields of this form. */
  function showServerErrors(error: unknown) {
    if (!(error instanceof ServerError) || !error.errors) return;
    const known = Object.keys(values) as Field<F>[];
    const next: Partial<Record<Field<F>, string[]>> = {};
    for (const [key, messages] of Object.entries(error.errors)) {
      if ((known as string[]).includes(key)) next[key as Field<F>] = messages;
    }
    setExternalErrors(next);
  }

  /** Submit handler: blocked while a submit-time field has an error, which then gets focus. */
  function handleSubmit(onValid: (values: Values<F>) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const found = checkFields(form, values, checked.onSubmit) as FieldErrors<Values<F>>;
      if (!hasErrors(found)) {
        onValid(values);
        return;
      }
      const first = checked.onSubmit.find((name) => found[name].length > 0);
      if (first !== undefined) focusField(event.currentTarget, String(first));
    };
  }

  return { formRef, values, errors, errorsOf, field, setFieldError, showServerErrors, handleSubmit };
}

/** Focus a named control of the form, unless it is hidden (e.g. the reset id). */
function focusField(form: HTMLFormElement, name: string): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLInputElement && control.type !== 'hidden') control.focus();
}
