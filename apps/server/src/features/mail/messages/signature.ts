import type { TenantConfig } from '@admissions/domain';

/** The one signature every e-mail ends with: who writes, from where, and where to ask. */
export const signature = (t: TenantConfig) =>
  `${t.partnerName} Graduate Admissions\n${t.addressLine1}\n${t.addressLine2}\nQuestions? Write to ${t.helpEmail}.`;
