import type { StaffListRow } from '@admissions/domain';

export const STATUS_LABELS: Record<StaffListRow['web_status'], string> = {
  none: 'Not started',
  started: 'Started',
  validating: 'Validating',
  submitted: 'Submitted',
};

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
