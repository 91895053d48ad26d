import type { Question } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderForm, textQ } from '../form-test-utils';

const transcript: Question = {
  kind: 'tabs',
  key: 'college_transcript',
  label: 'Transcript',
  defaultTab: 'upload',
  tabs: [
    { id: 'upload', label: 'Upload a copy now', questions: [textQ('college_note', 'Note for the committee')] },
    {
      id: 'later',
      label: 'I will send it later',
      questions: [
        { kind: 'static', key: 'later_info', label: '', content: 'Ask your school to send it.', audience: 'everyone' },
      ],
    },
  ],
};
const page = pageOf(transcript);

describe('tabs', () => {
  it('shows logged-out users the default tab only, whatever the view says', () => {
    renderForm(page, { onTabChange: undefined, isLoggedIn: false, view: { tabs: { college_transcript: 'later' } } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText('Note for the committee')).toBeVisible();
    expect(screen.queryByText('Ask your school to send it.')).toBeNull();
  });

  it('shows the saved tab to logged-in users and switches through onTabChange', async () => {
    const { user, onTabChange } = renderForm(page, { view: { tabs: { college_transcript: 'upload' } } });
    expect(screen.getByRole('tab', { name: 'Upload a copy now' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'I will send it later' }));
    expect(onTabChange).toHaveBeenCalledWith('college_transcript', 'later');
    expect(screen.getByText('Ask your school to send it.')).toBeVisible();
    expect(screen.queryByLabelText('Note for the committee')).toBeNull();
  });

  it('shows the chosen pane as a tab panel named by its tab, which controls it', () => {
    renderForm(page, { view: { tabs: { college_transcript: 'later' } } });
    const tab = screen.getByRole('tab', { name: 'I will send it later' });
    const panel = screen.getByRole('tabpanel', { name: 'I will send it later' });
    expect(tab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Ask your school to send it.');
    // One panel: the other pane's questions are not on the page.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByLabelText('Note for the committee')).toBeNull();
  });

  it('does not switch on arrow keys alone, since switching clears answers', async () => {
    const { user, onTabChange } = renderForm(page);
    // The chosen tab is the tab strip's one stop in the tab order.
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Upload a copy now' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'I will send it later' })).toHaveFocus();
    expect(onTabChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onTabChange).toHaveBeenCalledWith('college_transcript', 'later');
  });

  it('stays on the current tab when the caller refuses the switch (an upload in progress)', async () => {
    const { user } = renderForm(page, { onTabChange: () => {} });
    await user.click(screen.getByRole('tab', { name: 'I will send it later' }));
    expect(screen.getByRole('tab', { name: 'Upload a copy now' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Note for the committee')).toBeVisible();
  });

  it('prints the chosen tab and its questions', () => {
    const { container } = renderForm(page, { readOnly: true, view: { tabs: { college_transcript: 'later' } } });
    expect(container.textContent).toContain('I will send it later');
    expect(container.textContent).toContain('Ask your school to send it.');
  });
});
