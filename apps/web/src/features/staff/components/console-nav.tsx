import type { StaffRight } from '@admissions/domain';
import { NavLink } from 'react-router';
import { hasRight, useStaffAccess } from './staff-access';
import styles from './console-nav.module.css';

/** `end: false`: the link stays current on the pages under it (each report is /staff/reports/{kind}). */
const LINKS: { to: string; label: string; right: StaffRight; end?: false }[] = [
  { to: '/staff', label: 'Applications', right: 'read' },
  { to: '/staff/queue', label: 'My queue', right: 'review' },
  { to: '/staff/team', label: 'Team', right: 'manage_team' },
  { to: '/staff/workflow', label: 'Stages & rubrics', right: 'manage_team' },
  { to: '/staff/audit', label: 'Audit log', right: 'manage_team' },
  { to: '/staff/reports', label: 'Reports', right: 'reports', end: false },
  { to: '/staff/payments', label: 'Payments', right: 'payments' },
  { to: '/staff/messages', label: 'Messages', right: 'message' },
  { to: '/staff/integrations', label: 'Integrations', right: 'manage_team', end: false },
];

/** The console's sections, each shown only to a member whose rights allow it. */
export function ConsoleNav() {
  const me = useStaffAccess();
  const links = LINKS.filter((l) => hasRight(me, l.right));
  return (
    <nav aria-label="Admissions office" className={styles.nav}>
      <ul className={styles.links}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.end ?? true} className={styles.link}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className={styles.who}>
        Signed in as {me.name ? `${me.name} (${me.email}; ` : `${me.email} (`}
        {me.roles.join(', ')}
        {me.programs ? `; ${me.programs.join(', ')}` : ''}) ·{' '}
        {/* The member's own passkeys and recovery codes (issue 44). */}
        <NavLink to="/staff/security" className={styles.whoLink}>
          Your sign-in
        </NavLink>
      </p>
    </nav>
  );
}
