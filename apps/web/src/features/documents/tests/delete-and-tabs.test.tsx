import { FILE_MESSAGES } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, type ApplicantRecord } from '../../../test/application-server';
import { stubXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { documentsServer } from './documents-server';

const KEYS = ['research_upload', 'college_transcript_upload'];
const PROJECT = { file_name: 'project.pdf', file_size: 52_000 };
const TRANSCRIPT = { file_name: 'transcript.png', file_size: 3_000 };

async function openEducation(
  record: Partial<ApplicantRecord> = {},
  options: Parameters<typeof documentsServer>[2] = {},
  overrides: Parameters<typeof stubFetch>[0] = {},
) {
  setLoggedInCookie();
  const applicant = applicantServer({ webStatuses: ['started'], answers: { applied_major: 'BMN' }, ...record });
  const documents = documentsServer(applicant, KEYS, options);
  const net = stubFetch({ ...applicant.handlers, ...documents.handlers, ...overrides });
  stubXhr();
  const app = renderApp('/education-alr');
  await screen.findByRole('heading', { level: 1, name: 'Education' });
  return { ...app, applicant, net };
}

const project = () => screen.getByRole('group', { name: 'Final Project Description' });

describe('deleting a file', { timeout: 30_000 }, () => {
  test('asks first; Cancel keeps the file and returns to Delete', async () => {
    const { user, net } = await openEducation({ documents: { research_upload: PROJECT } });

    await user.click(within(project()).getByRole('button', { name: 'Delete project.pdf' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete your file?');
    // Cancel comes first and has focus, so Enter never deletes by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(project()).toHaveTextContent('project.pdf (51 KB)');
    await waitFor(() => expect(within(project()).getByRole('button', { name: 'Delete project.pdf' })).toHaveFocus());
    expect(net.callsTo('DELETE /api/document-answer/research_upload')).toHaveLength(0);
  });

  test('Delete removes the document, offers the file input again with focus on it, and says so', async () => {
    const { user, net, queryClient } = await openEducation({ documents: { research_upload: PROJECT } });

    await user.click(within(project()).getByRole('button', { name: 'Delete project.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete File' })).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(screen.getByLabelText('Final Project Description')).toHaveAttribute('type', 'file'));
    const input = screen.getByLabelText('Final Project Description');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Your file has been deleted.')).toHaveAttribute('role', 'status');
    expect(net.callsTo('DELETE /api/document-answer/research_upload')).toHaveLength(1);
    expect(queryClient.getQueryData<{ document_answer: object }>(['profile'])?.document_answer).toEqual({});
  });

  test('with the keyboard alone: Delete, then Escape closes the dialog and keeps the file', async () => {
    const { user } = await openEducation({ documents: { research_upload: PROJECT } });
    within(project()).getByRole('button', { name: 'Delete project.pdf' }).focus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delete File' })).toBeVisible();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(project()).toHaveTextContent('project.pdf');
  });

  test("a failed deletion shows 'Error uploading file for' the label and keeps the file", async () => {
    const { user } = await openEducation(
      { documents: { research_upload: PROJECT } },
      {},
      {
        'DELETE /api/document-answer/research_upload': () =>
          json({ code: 'INTERNAL', message: 'Storage is away.' }, 500),
      },
    );

    await user.click(within(project()).getByRole('button', { name: 'Delete project.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete File' })).getByRole('button', { name: 'Delete' }),
    );

    const toast = await screen.findByRole('listitem', { name: 'Error uploading file for Final Project Description' });
    expect(toast).toHaveTextContent('Storage is away.');
    expect(project()).toHaveTextContent('project.pdf (51 KB)');
  });
});

describe('switching tabs with files', { timeout: 30_000 }, () => {
  const laterTab = () => screen.getByRole('tab', { name: 'I will send it later', hidden: true });
  // The page behind a modal dialog is hidden from assistive technology, so look past that.
  const uploadTab = () => screen.getByRole('tab', { name: 'Upload a copy now', hidden: true });

  test('deletes the converted transcript of the pane left, then saves the switch', async () => {
    const { user, net, applicant } = await openEducation({ documents: { college_transcript_upload: TRANSCRIPT } });

    await user.click(laterTab());

    await waitFor(() => expect(laterTab()).toHaveAttribute('aria-selected', 'true'));
    const order = net.requests
      .map((r) => `${r.method} ${r.path}`)
      .filter((c) => c.includes('transcript') || c.startsWith('PUT /api/tabs'));
    expect(order.slice(-2)).toEqual(['DELETE /api/document-answer/college_transcript_upload', 'PUT /api/tabs']);
    expect(applicant.state.documents).toEqual({});

    // Back on the upload pane: an empty file input, known without asking the server again.
    await user.click(uploadTab());
    await waitFor(() => expect(screen.getByLabelText('Unofficial Transcript')).toHaveAttribute('type', 'file'));
    expect(net.callsTo('GET /api/document-answer')).toHaveLength(0);
  });

  test("refuses the switch with 'File Upload in Progress' while the transcript converts", async () => {
    const { user, net } = await openEducation(
      {},
      {
        pollsInProgress: 100,
        conversions: {
          college_transcript_upload: { status: 'IN_PROGRESS', message: '', fileName: 'transcript.png', fileSize: 3000 },
        },
      },
    );
    await screen.findByText(/Converting your file to PDF/);

    await user.click(laterTab());

    const dialog = await screen.findByRole('dialog', { name: 'File Upload in Progress' });
    expect(dialog).toHaveTextContent('Please wait until the file upload has completed.');
    expect(net.callsTo('PUT /api/tabs')).toHaveLength(0);
    expect(net.callsTo('DELETE /api/document-answer/college_transcript_upload')).toHaveLength(0);
    expect(uploadTab()).toHaveAttribute('aria-selected', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Back where the applicant was.
    await waitFor(() => expect(laterTab()).toHaveFocus());
  });

  test('refuses the switch when the transcript cannot be deleted', async () => {
    const { user, net } = await openEducation(
      { documents: { college_transcript_upload: TRANSCRIPT } },
      {},
      {
        'DELETE /api/document-answer/college_transcript_upload': () => json({ code: 'INTERNAL', message: 'No.' }, 500),
      },
    );

    await user.click(laterTab());

    expect(await screen.findByRole('dialog', { name: FILE_MESSAGES.uploadInProgressTitle })).toBeVisible();
    expect(net.callsTo('PUT /api/tabs')).toHaveLength(0);
    expect(uploadTab()).toHaveAttribute('aria-selected', 'true');
  });

  test("the server's own refusal (409 CONVERSION_IN_PROGRESS) shows the same dialog, not an error toast", async () => {
    const { user } = await openEducation(
      {},
      {},
      {
        'PUT /api/tabs': () =>
          json({ code: 'CONVERSION_IN_PROGRESS', message: 'Please wait until the file upload has completed.' }, 409),
      },
    );

    await user.click(laterTab());

    expect(await screen.findByRole('dialog', { name: 'File Upload in Progress' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: /Error handling tabs/ })).toBeNull();
  });

  test('after a tab error the conversion statuses and documents are fetched again', async () => {
    const { user, net } = await openEducation(
      { documents: { college_transcript_upload: TRANSCRIPT } },
      {},
      {
        'PUT /api/tabs': () => json({ code: 'INTERNAL', message: 'Nope.' }, 500),
      },
    );
    const before = net.callsTo('GET /api/pdf/document-answer/college_transcript_upload').length;

    await user.click(laterTab());

    expect(await screen.findByRole('listitem', { name: 'Error handling tabs for School 1: Transcript' })).toBeVisible();
    await waitFor(() => expect(net.callsTo('GET /api/document-answer')).toHaveLength(1));
    await waitFor(() =>
      expect(net.callsTo('GET /api/pdf/document-answer/college_transcript_upload').length).toBeGreaterThan(before),
    );
    // The transcript was deleted before the switch failed: the page says so.
    await waitFor(() => expect(screen.getByLabelText('Unofficial Transcript')).toHaveAttribute('type', 'file'));
  });
});

describe('visitors', { timeout: 30_000 }, () => {
  test('see the upload disabled, with the reason, and only the default tab', async () => {
    stubFetch();
    renderApp('/education-alr');
    await screen.findByRole('heading', { level: 1, name: 'Education' });
    const transcript = screen.getByLabelText('Unofficial Transcript');
    expect(transcript).toBeDisabled();
    expect(transcript).toHaveAccessibleDescription(
      expect.stringContaining('This question can be finished once you have created an account.'),
    );
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
