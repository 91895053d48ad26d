import type { FileQuestion } from '@admissions/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';
import { FILE_MESSAGES, fileErrors, formatFileSize } from './file-rules';

const upload: FileQuestion = {
  kind: 'file',
  key: 'research_upload',
  label: 'Final Project Description',
  accept: ['png', 'jpeg', 'jpg', 'pdf', 'docx'],
  maxBytes: 1_048_576,
  maxNameLength: 32,
  maxLength: 255,
};
const page = pageOf(upload);
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('file rules', () => {
  it('accepts a small file of an allowed type with a short name', () => {
    expect(fileErrors(fileOf('plan.PDF', 10), upload)).toEqual([]);
  });

  it('rejects empty, too large, wrong type and too long a name, with the SPEC messages', () => {
    expect(fileErrors(fileOf('plan.pdf', 0), upload)).toEqual([FILE_MESSAGES.empty]);
    expect(fileErrors({ name: 'plan.pdf', size: 1_048_577 }, upload)).toEqual([FILE_MESSAGES.tooLarge]);
    expect(fileErrors(fileOf('plan.exe', 10), upload)).toEqual([FILE_MESSAGES.wrongType]);
    expect(fileErrors(fileOf(`${'a'.repeat(28)}.pdf`, 10), upload)).toEqual([]);
    expect(fileErrors(fileOf(`${'a'.repeat(29)}.pdf`, 10), upload)).toEqual([FILE_MESSAGES.nameTooLong(32)]);
  });

  it('shows sizes rounded with no fractions', () => {
    expect(formatFileSize(2600)).toBe('3 KB');
    expect(formatFileSize(900)).toBe('900 B');
  });
});

describe('file question', () => {
  it('checks the chosen file and shows what is wrong, linked to the input', async () => {
    const { onChange } = renderForm(page);
    const input = screen.getByLabelText('Final Project Description');
    expect(input).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');
    // A file the picker's filter would hide, as a user can still choose with "All files".
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(input, fileOf('plan.txt', 0));
    expect(screen.getByText(FILE_MESSAGES.empty)).toBeVisible();
    expect(screen.getByText(FILE_MESSAGES.wrongType)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(FILE_MESSAGES.empty));
    expect(onChange).not.toHaveBeenCalled();
    await user.upload(input, fileOf('plan.pdf', 10));
    expect(screen.queryByText(FILE_MESSAGES.empty)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('is disabled for logged-out users, saying why', () => {
    renderForm(page, { isLoggedIn: false });
    const input = screen.getByLabelText('Final Project Description');
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(FILE_MESSAGES.loggedOut);
  });

  it("uses the documents feature's widget when one is given", () => {
    renderForm(page, { renderFile: (q) => <p>Upload widget for {q.key}</p> });
    expect(screen.getByText('Upload widget for research_upload')).toBeVisible();
  });

  it('shows an attached document', () => {
    renderForm(page, { documents: { research_upload: { file_name: 'plan.pdf', file_size: 2048 } } });
    expect(screen.getByText('Attached: plan.pdf (2 KB)')).toBeVisible();
  });

  it('prints only whether a document is attached', () => {
    const { container, unmount } = renderForm(page, { readOnly: true, documents: { research_upload: { file_name: 'plan.pdf', file_size: 2048 } } });
    expect(container.textContent).toContain('Document attached for Final Project Description');
    unmount();
    const empty = renderForm(page, { readOnly: true });
    expect(empty.container.textContent).not.toContain('Document attached');
  });
});
