import {
  MAX_MEMBER_NAME_LENGTH,
  programOptions,
  STAFF_ROLES,
  type StaffRole,
  type TeamMemberInput,
} from '@admissions/domain';
import { useId, useMemo } from 'react';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import styles from './team.module.css';

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  decider: 'Decider',
  reviewer: 'Reviewer',
  reader: 'Reader',
  bursar: 'Bursar',
};

const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'manages the team, stages and rubrics, and may do everything else',
  decider: 'records and releases decisions, moves applications between stages',
  reviewer: 'reviews the applications assigned to them, moves applications between stages',
  reader: 'reads applications and adds notes',
  bursar: 'sees payments, records checks, decides fee waivers and sends refunds',
};

/** The institution's programs (the tenant file, decision 041), and a code's label. */
export function usePrograms() {
  const tenant = useTenantConfig();
  return useMemo(() => {
    const programs = programOptions(tenant).filter((o) => o.value);
    const programLabel = (code: string) => programs.find((p) => p.value === code)?.label ?? code;
    return { programs, programLabel };
  }, [tenant]);
}

export type MemberDraft = Omit<TeamMemberInput, 'email' | 'name'>;

/** A member's name (issue 49): asked for at invitation, changed by an administrator. */
export function NameField({
  value,
  onChange,
  required,
}: {
  value: string;
  onChange: (next: string) => void;
  required: boolean;
}) {
  return (
    <label className={styles.field}>
      <span>Name</span>
      <input
        type="text"
        autoComplete="off"
        value={value}
        maxLength={MAX_MEMBER_NAME_LENGTH}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Roles (one or more) and programs (every program, or only some): the invite and the change share them. */
export function MemberFields({ value, onChange }: { value: MemberDraft; onChange: (next: MemberDraft) => void }) {
  const id = useId();
  const { programs } = usePrograms();
  const limited = value.programs !== null;
  const toggleRole = (role: StaffRole, on: boolean) =>
    onChange({ ...value, roles: on ? [...value.roles, role] : value.roles.filter((r) => r !== role) });
  const toggleProgram = (code: string, on: boolean) =>
    onChange({
      ...value,
      programs: on ? [...(value.programs ?? []), code] : (value.programs ?? []).filter((p) => p !== code),
    });
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>Roles</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className={styles.check}>
            <input
              type="checkbox"
              checked={value.roles.includes(role)}
              onChange={(e) => toggleRole(role, e.target.checked)}
            />
            <span>
              {ROLE_LABELS[role]} <span className={styles.hint}>({ROLE_HINTS[role]})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Programs</legend>
        <label className={styles.check}>
          <input
            type="radio"
            name={`${id}-scope`}
            checked={!limited}
            onChange={() => onChange({ ...value, programs: null })}
          />
          <span>Every program</span>
        </label>
        <label className={styles.check}>
          <input
            type="radio"
            name={`${id}-scope`}
            checked={limited}
            onChange={() => onChange({ ...value, programs: value.programs ?? [] })}
          />
          <span>Only these programs</span>
        </label>
        {limited && (
          <div className={styles.programs} role="group" aria-label="Programs this member may see">
            {programs.map((p) => (
              <label key={p.value} className={styles.check}>
                <input
                  type="checkbox"
                  checked={value.programs?.includes(p.value) ?? false}
                  onChange={(e) => toggleProgram(p.value, e.target.checked)}
                />
                <span>{p.label}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}

/** What the browser can tell before asking the server (which checks again). */
export function draftProblem(draft: MemberDraft): string | undefined {
  if (draft.roles.length === 0) return 'Choose at least one role.';
  if (draft.programs !== null && draft.programs.length === 0) return 'Choose at least one program, or every program.';
  return undefined;
}
