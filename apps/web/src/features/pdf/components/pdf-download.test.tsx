import { PDF_STATUS_POLL_FAST_MS, PDF_STATUS_POLL_SLOW_MS, type PdfCopyStatusResponse } from '@admissions/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { pdfStatusPollInterval } from '../api/pdf-copy-api';

const LINK_NAME = 'Download a PDF copy of your application';
const READY: PdfCopyStatusResponse = {
  status: 'completed',
  url: '/api/pdf/file',
  message: 'Your PDF copy is ready to download.',
};

/** A submitted applicant at /completion, whose GET /api/pdf answers are given in turn (the last one repeats). */
function completionWith(...answers: (() => Response)[]) {
  setLoggedInCookie();
  const server = applicantServer({
    answers: completeAnswers(),
    submitted: true,
    webStatuses: ['started', 'validating', 'submitted'],
  });
  let call = 0;
  const net = stubFetch({ ...server.handlers, 'GET /api/pdf': () => answers[Math.min(call++, answers.length - 1)]!() });
  const view = renderApp('/completion');
  return { ...view, net };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PDF copy on the completion page', { timeout: 30_000 }, () => {
  test('polls every second while the copy is being prepared, then offers a download link and stops hurrying', async () => {
    const { net } = completionWith(
      () => json({ status: 'unprocessed', url: '', message: '' }),
      () => json({ status: 'in_progress', url: '', message: '' }),
      () => json(READY),
    );

    expect((await screen.findByText('Preparing your PDF copy…')).closest('[role="status"]')).not.toBeNull();
    const link = await screen.findByRole('link', { name: LINK_NAME });
    expect(link).toHaveAttribute('href', '/api/pdf/file');
    expect(link).toHaveAttribute('download');
    expect(net.callsTo('GET /api/pdf')).toHaveLength(3);
    expect(screen.queryByText('Preparing your PDF copy…')).not.toBeInTheDocument();

    // Settled: the next question is ten minutes away, not one second.
    await sleep(PDF_STATUS_POLL_FAST_MS + 500);
    expect(net.callsTo('GET /api/pdf')).toHaveLength(3);
  });

  test('a failed copy shows the server message in place of the link', async () => {
    completionWith(() => json({ status: 'failed', url: '', message: 'Your copy could not be made just now.' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your copy could not be made just now.');
    expect(screen.queryByRole('link', { name: LINK_NAME })).not.toBeInTheDocument();
    // The rest of the page stays.
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
  });

  test('a failed copy offers "Try again", which asks the server again and offers the link once it is ready', async () => {
    const { net } = completionWith(
      () => json({ status: 'failed', url: '', message: '' }),
      () => json(READY),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading PDF copy of your application.');
    expect(net.callsTo('GET /api/pdf')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: LINK_NAME })).toHaveAttribute('href', '/api/pdf/file');
    expect(net.callsTo('GET /api/pdf')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed copy without a message shows the message of SPEC section 8', async () => {
    completionWith(() => json({ status: 'failed', url: '', message: '' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading PDF copy of your application.');
  });

  test('a status call that fails (500) shows the failure without taking the page down', async () => {
    completionWith(() => json({ code: 'INTERNAL', message: 'Something broke.' }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error downloading PDF copy of your application.');
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
  });
});

describe('pdfStatusPollInterval', () => {
  test('every second until the status is known and settled, then every ten minutes', () => {
    expect(pdfStatusPollInterval(undefined, false)).toBe(PDF_STATUS_POLL_FAST_MS);
    expect(pdfStatusPollInterval('unprocessed', false)).toBe(PDF_STATUS_POLL_FAST_MS);
    expect(pdfStatusPollInterval('in_progress', false)).toBe(PDF_STATUS_POLL_FAST_MS);
    expect(pdfStatusPollInterval('something-new', false)).toBe(PDF_STATUS_POLL_FAST_MS);
    expect(pdfStatusPollInterval('completed', false)).toBe(PDF_STATUS_POLL_SLOW_MS);
    expect(pdfStatusPollInterval('failed', false)).toBe(PDF_STATUS_POLL_SLOW_MS);
    expect(pdfStatusPollInterval(undefined, true)).toBe(PDF_STATUS_POLL_SLOW_MS);
    expect([PDF_STATUS_POLL_FAST_MS, PDF_STATUS_POLL_SLOW_MS]).toEqual([1000, 600_000]);
  });
});
