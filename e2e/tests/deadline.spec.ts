import { answer, logIn } from '../support/application';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

// Issue 29: an applicant in Tokyo reads the Chicago deadline in both zones.
test.use({ timezoneId: 'Asia/Tokyo' });

test('an applicant in another time zone sees the program deadline in the institution’s time and their own', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('tokyo');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await answer(page, 'entry_term', '2027FA');
  await answer(page, 'applied_major', 'BMN');

  const deadline = page.getByTestId('program-deadline');
  await expect(deadline).toContainText(
    'The deadline for MS in Nursing is 11:59 pm Central Time on Friday, 15 January 2027, which is 2:59 pm on Saturday, 16 January in your time zone.',
  );
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByTestId('program-deadline')).toContainText('which is 2:59 pm on Saturday, 16 January');
  await expectAxeClean(page);
});
