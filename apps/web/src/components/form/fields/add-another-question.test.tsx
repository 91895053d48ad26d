import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormPageBody } from '../form-page-body';
import { pageOf, renderForm, repeater, textQ } from '../form-test-utils';
import { assertRepeatLimit } from './add-another-count';

const schools = (max = 3) => pageOf(repeater('college', max, (prefix) => [textQ(`${prefix}name`, 'School name')]));

describe('add-another', () => {
  it('shows one block by default, each headed with its number', () => {
    renderForm(schools());
    expect(screen.getByRole('heading', { name: 'School 1' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'School 2' })).toBeNull();
    expect(document.getElementById('college_name')).not.toBeNull();
  });

  it('shows the saved count of blocks with their prefixed keys', () => {
    renderForm(schools(), { view: { addAnother: { college: 3 } } });
    expect(screen.getAllByRole('heading', { name: /^School \d$/ })).toHaveLength(3);
    expect(document.getElementById('college_2_name')).not.toBeNull();
    expect(document.getElementById('college_3_name')).not.toBeNull();
  });

  it('asks to save count + 1, then moves focus to the new block', async () => {
    const { user, onAddAnother } = renderForm(schools());
    await user.click(screen.getByRole('button', { name: 'Add Another School' }));
    expect(onAddAnother).toHaveBeenCalledWith('college', 2);
    expect(screen.getByRole('heading', { name: 'School 2' })).toHaveFocus();
  });

  it('offers no button at the maximum', async () => {
    const { user } = renderForm(schools(2));
    await user.click(screen.getByRole('button', { name: 'Add Another School' }));
    expect(screen.getByRole('heading', { name: 'School 2' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Another School' })).toBeNull();
  });

  it('offers no button without onAddAnother (logged out) or in the print view', () => {
    const { unmount } = renderForm(schools(), { onAddAnother: undefined });
    expect(screen.queryByRole('button', { name: 'Add Another School' })).toBeNull();
    unmount();
    renderForm(schools(), { readOnly: true });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Remove on every block once there are two, and none on a single block or in the print view', () => {
    const onRemoveRepeat = vi.fn(() => Promise.resolve());
    const { unmount } = renderForm(schools(), { view: { addAnother: { college: 2 } }, onRemoveRepeat });
    expect(screen.getAllByRole('button', { name: /^Remove School \d$/ }).map((b) => b.textContent)).toEqual([
      'Remove School 1',
      'Remove School 2',
    ]);
    unmount();
    const single = renderForm(schools(), { onRemoveRepeat });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    single.unmount();
    renderForm(schools(), { view: { addAnother: { college: 2 } }, onRemoveRepeat, readOnly: true });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('raises a configuration error for more than 10 repeats', () => {
    expect(() => assertRepeatLimit({ key: 'college', maxRepeats: 11 })).toThrow(/maximum is 10/);
    expect(() => assertRepeatLimit({ key: 'college', maxRepeats: 10 })).not.toThrow();

    // Drawn on a page, the error reaches the nearest error boundary.
    render(
      <Boundary>
        <FormPageBody
          page={schools(11)}
          ctx={{
            answers: {},
            onChange: () => {},
            errors: {},
            view: { addAnother: {}, tabs: {} },
            isLoggedIn: true,
            readOnly: false,
          }}
        />
      </Boundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Add-another "college" allows 11 repeats; the maximum is 10.');
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
