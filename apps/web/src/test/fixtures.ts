import { STAFF_RIGHTS, type StaffMeResponse, type PublicTenantConfig } from '@admissions/domain';
import { SAMPLE_TENANT } from '../../../../test/tenants';

/** An institution's text as GET /public/tenant answers it. */
export const tenantFixture: PublicTenantConfig = {
  partnerName: 'Northfield College',
  time_zone: 'America/Chicago',
  shortName: 'NFC',
  secondShortName: 'Northfield',
  applicationTitle: 'Graduate Application',
  webSiteWord: 'website',
  addressLine1: '100 College Way',
  addressLine2: 'Northfield, MN 55057',
  helpEmail: 'help@northfield.example',
  privacyPolicyUrl: 'https://northfield.example/privacy',
  federalAidLinks: [{ label: 'Federal Student Aid', url: 'https://studentaid.example/' }],
  collegeAidInfo: 'Ask us about scholarships.',
  exploreLinks: [
    { label: 'Programs', url: 'https://northfield.example/programs' },
    { label: 'Tuition', url: 'https://northfield.example/tuition' },
    { label: 'Campus', url: 'https://northfield.example/campus' },
    { label: 'Visit', url: 'https://northfield.example/visit' },
  ],
  // SPEC's programs, terms and cycle, as the sample tenant file configures them (issue 29).
  programs: SAMPLE_TENANT.programs,
  terms: SAMPLE_TENANT.terms,
  cycle: SAMPLE_TENANT.cycle,
};

/** GET /api/staff/me for an administrator of every program. */
export function staffMe(email: string): StaffMeResponse {
  return { username: email, email, name: null, roles: ['admin'], programs: null, rights: [...STAFF_RIGHTS] };
}
