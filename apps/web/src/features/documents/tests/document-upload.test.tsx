import { FILE_MESSAGES, LOCAL_UPLOAD_PATH } from '@admissions/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, type ApplicantRecord } from '../../../test/application-server';
import { stubXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { documentsServer } from './documents-server';
import { fileOf } from './files';

const RESEARCH = 'Final Project Description';
const KEYS = ['research_upload', 'college_transcript_upload'];

/** A BMN applicant on Step 2, whose research description is required. */
async function openEducation(
  record: Partial<ApplicantRecord> = {},
  options: Parameters<typeof documentsServer>[2] = {},
) {
  setLoggedInCookie();
  const applicant = applicantServer({
    webStatuses: ['started'],
    answers: { applied_major: 'BMN', entry_term: '2027FA' },
    ...record,
  });
  const documents = documentsServer(applicant, KEYS, options);
  const net = stubFetch({ ...applicant.handlers, ...documents.handlers });
  const xhr = stubXhr((upload) => {
    upload.progress(40, 100);
    documents.receive(upload);
    upload.respond(204);
  });
  const app = renderApp('/education-alr');
  await screen.findByRole('heading', { level: 1, name: 'Education' });
  return { ...app, applicant, documents, net, xhr };
}

const researchInput = () => screen.getByLabelText(RESEARCH);

describe('document upload', { timeout: 30_000 }, () => {
  test('uploads a docx with a progress bar, converts it, then shows its name and rounded size', async () => {
    const { user, net, documents } = await openEducation();
    // The storage answers when the test says so, to look at the progress bar.
    const xhr = stubXhr(() => {});
    const input = researchInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');

    // As a keyboard user: focus on the input, then a file chosen in the picker.
    act(() => input.focus());
    await user.upload(input, fileOf('plan.docx', 'docx', 12_800));

    // While the upload runs: a labelled progress bar, and the change said aloud.
    const progress = await screen.findByRole('progressbar', { name: 'Uploading plan.docx' });
    expect(screen.getByText('Uploading plan.docx.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const [upload] = xhr.uploads;
    act(() => upload?.progress(6_400, 12_800));
    expect(progress).toHaveAttribute('value', '50');
    expect(screen.getByText('50%')).toBeVisible();
    // Focus followed the widget from the file input to its status.
    expect(screen.getByRole('group', { name: RESEARCH })).toHaveFocus();
    if (upload) documents.receive(upload);
    act(() => upload?.respond(204));

    // Converting, polled every 2000 ms, then the document the server lists.
    expect(await screen.findByText(/Converting plan\.docx to PDF/)).toBeVisible();
    const group = await screen.findByRole('group', { name: RESEARCH }, { timeout: 5000 });
    expect(await within(group).findByRole('button', { name: 'Delete plan.docx' }, { timeout: 8000 })).toBeVisible();
    expect(group).toHaveTextContent('plan.docx (13 KB)');
    expect(group).toHaveFocus();
    expect(within(group).getByRole('button', { name: 'Delete plan.docx' })).toBeVisible();
    expect(within(group).getByRole('link', { name: 'Download PDF of plan.docx' })).toHaveAttribute(
      'href',
      '/api/pdf/document-answer/research_upload/file',
    );
    expect(await screen.findByText('plan.docx (13 KB) is attached.')).toHaveAttribute('role', 'status');

    // The calls, as SPEC section 7 has them.
    expect(net.callsTo('POST /api/presigned-url').map((r) => r.body)).toEqual([{ answer_key: 'research_upload' }]);
    expect(upload?.method).toBe('POST');
    expect(upload?.url).toBe(LOCAL_UPLOAD_PATH);
    // Every field, in order, then the file last.
    expect([...(upload?.form.keys() ?? [])]).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect(net.callsTo('POST /api/pdf/document-answer/research_upload').map((r) => r.body)).toEqual([
      { file_key: 'applicants/7/research_upload/1', file_name: 'plan.docx' },
    ]);
    expect(net.callsTo('GET /api/pdf/document-answer/research_upload').length).toBeGreaterThanOrEqual(2);
  });

  test.each([
    ['an empty file', fileOf('plan.pdf', 'pdf', 0), FILE_MESSAGES.empty],
    ['a file over 1 MB', fileOf('plan.pdf', 'pdf', 1_048_577), FILE_MESSAGES.tooLarge],
    ['a type not allowed', fileOf('plan.txt', 'pdf'), FILE_MESSAGES.wrongType],
    ['a name over 32 characters', fileOf(`${'a'.repeat(29)}.pdf`, 'pdf'), FILE_MESSAGES.nameTooLong],
    ['a program renamed .pdf', fileOf('plan.pdf', 'exe'), FILE_MESSAGES.contentMismatch],
  ])('refuses %s in the browser with its message, and uploads nothing', async (_name, file, message) => {
    const { user, net, xhr } = await openEducation();
    const upload = userEventWithoutAccept(user);
    await upload(researchInput(), file);

    expect(await screen.findByText(message)).toBeVisible();
    expect(researchInput()).toHaveAttribute('aria-invalid', 'true');
    expect(researchInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(net.callsTo('POST /api/presigned-url')).toHaveLength(0);
    expect(xhr.uploads).toHaveLength(0);
  });

  test('accepts a good file after a refused one, and the message goes', async () => {
    const { user } = await openEducation();
    const upload = userEventWithoutAccept(user);
    await upload(researchInput(), fileOf('plan.pdf', 'pdf', 0));
    expect(await screen.findByText(FILE_MESSAGES.empty)).toBeVisible();

    await upload(researchInput(), fileOf('plan.pdf', 'pdf'));

    expect(await screen.findByText(/Converting plan\.pdf to PDF/)).toBeVisible();
    expect(screen.queryByText(FILE_MESSAGES.empty)).toBeNull();
  });

  test('starts from the profile: an attached document is shown without uploading', async () => {
    await openEducation({ documents: { research_upload: { file_name: 'project.pdf', file_size: 52_000 } } });
    const group = screen.getByRole('group', { name: RESEARCH });
    expect(group).toHaveTextContent('project.pdf (51 KB)');
    expect(within(group).getByRole('button', { name: 'Delete project.pdf' })).toBeVisible();
  });

  test('a conversion still running when the page loads is shown and polled to its end', async () => {
    await openEducation(
      {},
      {
        pollsInProgress: 1,
        conversions: { research_upload: { status: 'IN_PROGRESS', message: '', fileName: 'plan.png', fileSize: 3000 } },
      },
    );
    expect(await screen.findByText(/Converting your file to PDF/)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Delete plan.png' }, { timeout: 7000 })).toBeVisible();
  });

  test('a failed conversion clears the field and says why', async () => {
    const { user, applicant } = await openEducation(
      {},
      { outcome: { status: 'FAILED', message: FILE_MESSAGES.docxMacros } },
    );
    await user.upload(researchInput(), fileOf('plan.docx', 'docx'));
    expect(await screen.findByText('Converting plan.docx to PDF.')).toHaveAttribute('role', 'status');

    expect(await screen.findByText(FILE_MESSAGES.docxMacros, {}, { timeout: 5000 })).toBeVisible();
    const input = researchInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(FILE_MESSAGES.docxMacros));
    expect(applicant.state.documents).toEqual({});
    // Nothing says any more that the file is converting: not on screen, not to a screen reader.
    await waitFor(() => expect(screen.queryByText(/Converting/)).toBeNull());
  });

  test("an upload error shows 'Error uploading file for' the question's label, deletes the conversion and clears the field", async () => {
    const { user, net } = await openEducation();
    stubXhr((upload) =>
      upload.respond(
        403,
        JSON.stringify({
          code: 'UPLOAD_POLICY_INVALID',
          message: 'This upload link is invalid or has expired. Please choose your file again.',
        }),
        'application/json',
      ),
    );

    await user.upload(researchInput(), fileOf('plan.pdf', 'pdf'));

    const toast = await screen.findByRole('listitem', { name: 'Error uploading file for Final Project Description' });
    expect(toast).toHaveTextContent('This upload link is invalid or has expired. Please choose your file again.');
    expect(screen.queryByRole('listitem', { name: /research_upload/ })).toBeNull();
    await waitFor(() => expect(net.callsTo('DELETE /api/pdf/document-answer/research_upload')).toHaveLength(1));
    expect(researchInput()).toHaveAttribute('type', 'file');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(screen.queryByText(/Uploading plan\.pdf/)).toBeNull());
  });

  test("a refused start of the conversion is an upload error too, with the server's reason", async () => {
    const { user } = await openEducation();
    stubXhr((upload) => upload.respond(204)); // stored nowhere: the server has not received the file

    await user.upload(researchInput(), fileOf('plan.pdf', 'pdf'));

    const toast = await screen.findByRole('listitem', { name: 'Error uploading file for Final Project Description' });
    expect(toast).toHaveTextContent('We did not receive your file. Please upload it again.');
  });

  test('a lost connection during the upload is an upload error with the generic message', async () => {
    const { user } = await openEducation();
    stubXhr((upload) => upload.fail());
    await user.upload(researchInput(), fileOf('plan.pdf', 'pdf'));
    const toast = await screen.findByRole('listitem', { name: 'Error uploading file for Final Project Description' });
    expect(toast).toHaveTextContent("We've encountered an unexpected error at this time. Please try again later.");
  });

  test("a completed document answers 'Uploads require a file' for validation", async () => {
    const { user } = await openEducation({ webStatuses: ['started', 'validating'] });
    const required = 'Please upload a detailed description of the final project you plan to complete in the program.';
    expect(researchInput()).toHaveAccessibleDescription(expect.stringContaining(required));

    await user.upload(researchInput(), fileOf('plan.pdf', 'pdf'));

    expect(await screen.findByRole('button', { name: 'Delete plan.pdf' }, { timeout: 5000 })).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText(required, { selector: '[id="research_upload-error"] p' })).toBeNull(),
    );
    expect(screen.getByRole('group', { name: RESEARCH })).not.toHaveAttribute('aria-invalid');
  });

  test('a status call that fails is shown as an upload error, not as a crash', async () => {
    setLoggedInCookie();
    const applicant = applicantServer({ webStatuses: ['started'], answers: { applied_major: 'BMN' } });
    const documents = documentsServer(applicant, KEYS);
    stubFetch({
      ...applicant.handlers,
      ...documents.handlers,
      'GET /api/pdf/document-answer/research_upload': () =>
        json({ code: 'INTERNAL', message: 'Conversions are resting.' }, 500),
    });
    renderApp('/education-alr');

    const toast = await screen.findByRole('listitem', { name: 'Error uploading file for Final Project Description' });
    expect(toast).toHaveTextContent('Conversions are resting.');
    expect(screen.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  });
});

/** userEvent.upload honours `accept` by default; a user can still pick "All files" in the picker. */
function userEventWithoutAccept(user: ReturnType<typeof renderApp>['user']) {
  return (input: HTMLElement, file: File) => user.setup({ applyAccept: false }).upload(input, file);
}

describe('the file question', { timeout: 30_000 }, () => {
  test("is the design system's button with the chosen file's name, over a real labelled file input; a dropped file is taken too", async () => {
    const { user } = await openEducation();
    const input = researchInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName(`${RESEARCH} Choose a file`);
    expect(input).not.toHaveAttribute('tabindex');
    const zone = input.closest<HTMLElement>('[data-drop-zone]')!;
    expect(within(zone).getByText('No file chosen')).toBeInTheDocument();
    expect(within(zone).getByText('or drop it here')).toBeInTheDocument();

    // A refused file: its name stays beside the button, with the reason.
    await user.upload(input, fileOf('large.pdf', 'pdf', 2_000_000));
    expect(await screen.findByText(FILE_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(within(zone).getByText('large.pdf')).toBeInTheDocument();
    expect(within(zone).queryByText('No file chosen')).not.toBeInTheDocument();

    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('plan.docx', 'docx')], types: ['Files'] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading plan.docx' })).toBeInTheDocument();
  });
});
