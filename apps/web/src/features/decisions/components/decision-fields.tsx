import type { DecisionCodesResponse, RecordDecisionBody } from '@admissions/domain';
import { useState } from 'react';

/** The decision being written: its code, the reasons ticked (with their details) and the conditions typed. */
export function useDecisionDraft(codes: DecisionCodesResponse | undefined) {
  const [code, setCode] = useState('');
  const [reasons, setReasons] = useState<Record<string, string | undefined>>({});
  const [conditions, setConditions] = useState('');
  const chosen = codes?.codes.find((c) => c.code === code);
  /** The body the server takes: reasons only for a code with reasons, conditions (one a line) only for one with them. */
  const body = (): RecordDecisionBody => {
    const out: RecordDecisionBody = { code };
    if (chosen?.reasons)
      out.reasons = Object.entries(reasons)
        .filter(([, details]) => details !== undefined)
        .map(([id, details]) => (details ? { id, details } : { id }));
    if (chosen?.conditions)
      out.conditions = conditions
        .split('\n')
        .map((c) => c.trim())
        .filter(Boolean);
    return out;
  };
  return { code, setCode, reasons, setReasons, conditions, setConditions, chosen, body };
}

export type DecisionDraft = ReturnType<typeof useDecisionDraft>;

/**
 * The fields of a decision, for one application (the panel) or for many (the list): the code, then the
 * reasons of a code that takes them and the conditions of one that takes them.
 */
export function DecisionFields({
  idPrefix,
  codes,
  draft,
  fieldClassName,
}: {
  idPrefix: string;
  codes: DecisionCodesResponse | undefined;
  draft: DecisionDraft;
  fieldClassName?: string;
}) {
  const { code, setCode, reasons, setReasons, conditions, setConditions, chosen } = draft;
  return (
    <>
      <div className={fieldClassName}>
        <label htmlFor={`${idPrefix}-code`}>Decision</label>
        <select id={`${idPrefix}-code`} value={code} onChange={(e) => setCode(e.target.value)} required>
          <option value="">Choose…</option>
          {(codes?.codes ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {chosen?.reasons && (
        <fieldset>
          <legend>Reasons (at least one)</legend>
          {(codes?.deny_reasons ?? []).map((r) => (
            <div key={r.id}>
              <input
                type="checkbox"
                id={`${idPrefix}-reason-${r.id}`}
                checked={reasons[r.id] !== undefined}
                onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.checked ? '' : undefined })}
              />
              <label htmlFor={`${idPrefix}-reason-${r.id}`}>{r.label}</label>
              {r.details !== 'none' && reasons[r.id] !== undefined && (
                <>
                  <label htmlFor={`${idPrefix}-reason-${r.id}-details`}>
                    Details{r.details === 'required' ? ' (required)' : ' (optional)'}
                  </label>
                  <input
                    id={`${idPrefix}-reason-${r.id}-details`}
                    value={reasons[r.id] ?? ''}
                    required={r.details === 'required'}
                    onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })}
                  />
                </>
              )}
            </div>
          ))}
        </fieldset>
      )}
      {chosen?.conditions && (
        <div className={fieldClassName}>
          <label htmlFor={`${idPrefix}-conditions`}>Conditions (one a line)</label>
          <textarea
            id={`${idPrefix}-conditions`}
            value={conditions}
            onChange={(e) => setConditions(e.target.value)}
            required
          />
        </div>
      )}
    </>
  );
}
