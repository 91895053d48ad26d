import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ProfileResponse } from '@admissions/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { applicantServer } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('add-another and tabs', { timeout: 30_000 }, () => {
  test('shows the saved number of schools and saves one more', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'], addAnother: { college: 2 } });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/education-alr');
    await heading('Education');
    expect(screen.getByRole('heading', { name: 'School 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Another School' }));

    expect(await screen.findByRole('heading', { name: 'School 3' })).toBeInTheDocument();
    expect(net.callsTo('PUT /api/add-another').map((r) => r.body)).toEqual([
      { button_id: 'college', num_components: 3 },
    ]);
  });

  test('removes a school after confirming: the server moves the later schools up, and focus lands on the school in its place', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      webStatuses: ['started'],
      addAnother: { college: 3 },
      answers: { college_name: 'First', college_2_name: 'Second', college_3_name: 'Third' },
    });
    const net = stubFetch({
      ...server.handlers,
      'DELETE /api/add-another/college/2': () =>
        json({ add_another: { college: 2 }, answer: { college_2_name: 'Third', college_3_name: '' }, tabs: {} }),
    });
    const { user } = renderApp('/education-alr');
    await heading('Education');
    // An edit not yet saved is saved first, so the school that moves up carries it.
    await user.clear(document.getElementById('college_3_name') as HTMLInputElement);
    await user.type(document.getElementById('college_3_name') as HTMLInputElement, 'Third edited');

    await user.click(screen.getByRole('button', { name: 'Remove School 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove School 2?' });
    expect(dialog).toHaveTextContent(
      'Everything you entered for School 2 will be deleted. The schools after it move up one place.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove School 2' }));

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'School 3' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ college_3_name: 'Third edited' }]);
    expect(net.callsTo('DELETE /api/add-another/college/2')).toHaveLength(1);
    expect(document.getElementById('college_2_name')).toHaveValue('Third');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'School 2' })).toHaveFocus());
  });

  test('cancelling the confirmation removes nothing and returns focus to the Remove button', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'], addAnother: { college: 2 } });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/education-alr');
    await heading('Education');

    await user.click(screen.getByRole('button', { name: 'Remove School 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'School 2' })).toBeInTheDocument();
    expect(net.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Remove School 1' })).toHaveFocus();
  });

  test("a failed add shows 'Error adding another School', once however often it fails, until an add succeeds", async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    let fail = true;
    let failures = 0;
    stubFetch({
      ...server.handlers,
      'PUT /api/add-another': (request) => {
        if (!fail) return server.handlers['PUT /api/add-another']!(request);
        failures++;
        return json({ code: 'INTERNAL', message: 'Nope.' }, 500);
      },
    });
    const { user } = renderApp('/education-alr');
    await heading('Education');

    await user.click(screen.getByRole('button', { name: 'Add Another School' }));

    expect(await screen.findByRole('listitem', { name: 'Error adding another School' })).toHaveTextContent('Nope.');
    expect(screen.queryByRole('heading', { name: 'School 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Another School' }));
    await waitFor(() => expect(failures).toBe(2));
    expect(screen.getAllByRole('listitem', { name: 'Error adding another School' })).toHaveLength(1);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Add Another School' }));
    expect(await screen.findByRole('heading', { name: 'School 2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Error adding another School' })).not.toBeInTheDocument(),
    );
  });

  test('visitors see one school and no Add Another button', async () => {
    stubFetch();
    renderApp('/education-alr');
    await heading('Education');

    expect(screen.getByRole('heading', { name: 'School 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Another School' })).not.toBeInTheDocument();
  });

  test("switching tabs saves the choice and clears the other pane's answers here too", async () => {
    setLoggedInCookie();
    const server = applicantServer({
      webStatuses: ['started'],
      answers: { college_transcript_upload: 'transcript.pdf' },
    });
    const net = stubFetch(server.handlers);
    const { user, queryClient } = renderApp('/education-alr');
    await heading('Education');

    await user.click(screen.getByRole('tab', { name: 'I will send it later' }));

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'I will send it later' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(net.callsTo('PUT /api/tabs').map((r) => r.body)).toEqual([
      { tab_id: 'college_transcript', chosen_tab: 'later' },
    ]);
    expect(queryClient.getQueryData<ProfileResponse>(['profile'])?.answer.college_transcript_upload).toBe('');
    // Cleared on the server already: nothing is left to save.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('listitem', { name: 'Saved' });
    expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
  });

  test("a failed switch shows 'Error handling tabs for School 1: Transcript' and keeps the tab", async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch({ ...server.handlers, 'PUT /api/tabs': () => json({ code: 'INTERNAL', message: 'Nope.' }, 500) });
    const { user } = renderApp('/education-alr');
    await heading('Education');

    await user.click(screen.getByRole('tab', { name: 'I will send it later' }));

    expect(
      await screen.findByRole('listitem', { name: 'Error handling tabs for School 1: Transcript' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Upload a copy now' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
