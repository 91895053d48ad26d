import type { FormRenderContext } from '../form-render-context';
import { describedBy, type ControlA11y } from './field-ids';

const NO_ERRORS: readonly string[] = [];

/** The errors to show for a key (none in the print view) and the attributes for its control. */
export function fieldStateOf(key: string, description: string | undefined, ctx: FormRenderContext) {
  const errors = ctx.readOnly ? NO_ERRORS : (ctx.errors[key] ?? NO_ERRORS);
  const invalid = errors.length > 0;
  const a11y: ControlA11y = {
    id: key,
    name: key,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(key, Boolean(description), invalid),
  };
  return { value: ctx.answers[key] ?? '', errors, invalid, a11y };
}
