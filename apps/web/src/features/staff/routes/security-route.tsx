import { SecuritySection } from '../../staff-sign-in/components/security-section';
import { staffRoute } from '../components/staff-page';

/** A member's own sign-in (issue 44): /staff/security, for every member. */
export const SecurityRoute = staffRoute('read', 'Your sign-in', SecuritySection);
