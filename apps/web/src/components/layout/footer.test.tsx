import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { tenantFixture } from '../../test/fixtures';
import { Footer } from './footer';

function renderFooter() {
  render(
    <Footer
      partnerName={tenantFixture.partnerName}
      addressLine1={tenantFixture.addressLine1}
      addressLine2={tenantFixture.addressLine2}
      helpEmail={tenantFixture.helpEmail}
      privacyPolicyUrl={tenantFixture.privacyPolicyUrl}
    />,
  );
  return userEvent.setup();
}

describe('footer', () => {
  test('shows both postal address lines', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(tenantFixture.addressLine1);
    expect(footer).toHaveTextContent(tenantFixture.addressLine2);
  });

  test('Technical Help offers help by e-mail with a reply as soon as possible', async () => {
    const user = renderFooter();

    await user.click(screen.getByRole('button', { name: 'Technical Help' }));

    const dialog = screen.getByRole('dialog', { name: 'Technical Help' });
    expect(within(dialog).getByRole('link', { name: tenantFixture.helpEmail })).toHaveAttribute(
      'href',
      `mailto:${tenantFixture.helpEmail}`,
    );
    expect(dialog).toHaveTextContent('We will reply as soon as possible.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Technical Help' })).toHaveFocus();
  });

  test('the privacy dialog links to the privacy policy', async () => {
    const user = renderFooter();

    await user.click(screen.getByRole('button', { name: 'Privacy Policy and Cookie Notice' }));

    const dialog = screen.getByRole('dialog', { name: 'Privacy Policy and Cookie Notice' });
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      tenantFixture.privacyPolicyUrl,
    );
  });
});
