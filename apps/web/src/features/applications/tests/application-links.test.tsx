import {
  APPLICATION_ID_PARAM,
  PDF_COPY_FILE_PATH,
  DECISION_LETTER_PDF_PATH,
  type ApplicantDecision,
  type PdfCopyStatusResponse,
  type StatusResponse,
} from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicationLink } from '../../../lib/application-id';
import { completeAnswers } from '../../../test/application-server';
import { stubXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { documentsServer } from '../../documents/tests/documents-server';
import { application, applicationsServer } from './applications-server';

const NURSING = '00000000-0000-4000-8000-000000000001';
const EDUCATION = '00000000-0000-4000-8000-000000000002';
const SUBMITTED_AT = '2026-11-02T09:00:00.000Z';
const named = (path: string, id = NURSING) => `${path}?${APPLICATION_ID_PARAM}=${id}`;

describe('applicationLink', () => {
  test('names the application in the query, after any query already there, before the fragment', () => {
    expect(applicationLink(PDF_COPY_FILE_PATH, NURSING)).toBe(named(PDF_COPY_FILE_PATH));
    expect(applicationLink('/api/decision/letter.pdf?lang=en', NURSING)).toBe(
      `/api/decision/letter.pdf?lang=en&${APPLICATION_ID_PARAM}=${NURSING}`,
    );
    expect(applicationLink('/api/pdf/file#page=2', NURSING)).toBe(`${named('/api/pdf/file')}#page=2`);
  });

  test('leaves the link as it is when no application is known, or when it is no form call of ours', () => {
    expect(applicationLink(PDF_COPY_FILE_PATH, null)).toBe(PDF_COPY_FILE_PATH);
    expect(applicationLink('', NURSING)).toBe('');
    // Another origin's address (a signed storage link) keeps its own query.
    expect(applicationLink('https://files.example/x.pdf?X-Amz-Signature=1', NURSING)).toBe(
      'https://files.example/x.pdf?X-Amz-Signature=1',
    );
    expect(applicationLink('//files.example/x.pdf', NURSING)).toBe('//files.example/x.pdf');
    // The account's calls and the applications' own act on no one application.
    expect(applicationLink('/api/applications', NURSING)).toBe('/api/applications');
    expect(applicationLink(named(PDF_COPY_FILE_PATH, EDUCATION), NURSING)).toBe(named(PDF_COPY_FILE_PATH, EDUCATION));
  });

  test('takes the page’s application when none is given, and none before one is known', () => {
    expect(applicationLink(PDF_COPY_FILE_PATH)).toBe(PDF_COPY_FILE_PATH);
  });
});

const OFFER: ApplicantDecision = {
  code: 'admit',
  label: 'Admitted',
  letter_html: '<p>Dear Ada,</p>',
  reasons: [],
  conditions: [],
  released_at: SUBMITTED_AT,
  reply_by: '2026-11-16T09:00:00.000Z',
  time_zone: 'America/Chicago',
  response: null,
  response_at: null,
  response_by_default: false,
  can_respond: true,
  letter_pdf_url: DECISION_LETTER_PDF_PATH,
};

describe('plain download links of an account with several applications', { timeout: 30_000 }, () => {
  test('the PDF copy and the decision letter name the application the page shows', async () => {
    setLoggedInCookie();
    const server = applicationsServer({
      applications: [
        application(NURSING, 'BMN', { state: 'decided', submitted_at: SUBMITTED_AT, decision_released: true }),
        application(EDUCATION, 'MAE'),
      ],
      records: {
        [NURSING]: { answers: completeAnswers(), submitted: true, webStatuses: ['started', 'validating', 'submitted'] },
      },
    });
    stubFetch({
      ...server.handlers,
      'GET /api/pdf': server.formCall(() =>
        json({ status: 'completed', url: PDF_COPY_FILE_PATH, message: '' } satisfies PdfCopyStatusResponse),
      ),
      'GET /api/status': server.formCall(() =>
        json({
          submitted_at: SUBMITTED_AT,
          withdrawn_at: null,
          complete: true,
          checklist: [],
          reminders: true,
          deadline: null,
          decision: OFFER,
        } satisfies StatusResponse),
      ),
    });
    renderApp('/completion');

    expect(await screen.findByRole('link', { name: 'Download a PDF copy of your application' })).toHaveAttribute(
      'href',
      named(PDF_COPY_FILE_PATH),
    );
    expect(await screen.findByRole('link', { name: 'Download the letter (PDF)' })).toHaveAttribute(
      'href',
      named(DECISION_LETTER_PDF_PATH),
    );
    // The account's own download is about no one application.
    expect(screen.getByRole('link', { name: 'Download all your data' })).toHaveAttribute('href', '/api/my-data');
  });

  test('a document’s converted file names the application the page shows', async () => {
    setLoggedInCookie();
    const server = applicationsServer({
      applications: [application(EDUCATION, 'MAE'), application(NURSING, 'BMN')],
      records: {
        [EDUCATION]: {
          webStatuses: ['started'],
          answers: { applied_major: 'BMN' },
          documents: { research_upload: { file_name: 'project.pdf', file_size: 52_000 } },
        },
      },
    });
    const documents = documentsServer(server.applicant, ['research_upload', 'college_transcript_upload']);
    const wrapped = Object.fromEntries(
      Object.entries(documents.handlers).map(([key, handler]) => [key, server.formCall(handler)]),
    );
    stubFetch({ ...server.handlers, ...wrapped });
    stubXhr();
    renderApp('/education-alr');
    await screen.findByRole('heading', { level: 1, name: 'Education' });

    const group = screen.getByRole('group', { name: 'Final Project Description' });
    expect(within(group).getByRole('link', { name: 'Download PDF of project.pdf' })).toHaveAttribute(
      'href',
      named('/api/pdf/document-answer/research_upload/file', EDUCATION),
    );
  });
});
