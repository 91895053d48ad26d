import { FILE_MESSAGES, type FileQuestion } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm } from '../form-test-utils';

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

describe('file question', () => {
  it('is disabled for logged-out users, saying why', () => {
    renderForm(page, { isLoggedIn: false });
    const input = screen.getByLabelText('Final Project Description');
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(FILE_MESSAGES.loggedOut);
    expect(screen.getByText('This question can be finished once you have created an account.')).toBeVisible();
  });

  it("shows logged-in applicants the documents feature's widget", () => {
    renderForm(page, { renderFile: (q) => <p>Upload widget for {q.key}</p> });
    expect(screen.getByText('Upload widget for research_upload')).toBeVisible();
  });

  it('prints only whether a document is attached', () => {
    const { container, unmount } = renderForm(page, {
      readOnly: true,
      documents: { research_upload: { file_name: 'plan.pdf', file_size: 2048 } },
    });
    expect(container.textContent).toContain('Document attached for Final Project Description');
    unmount();
    const empty = renderForm(page, { readOnly: true });
    expect(empty.container.textContent).not.toContain('Document attached');
  });
});
