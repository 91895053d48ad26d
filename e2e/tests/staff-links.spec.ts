import { logIn } from '../support/application';
import { officeApi, submittedApplicant, userIdOf } from '../support/decision-journeys';
import {
  createConfirmedAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';

// Issue 49, "Links that work": a member limited to one program who follows a link to an application of another
// program reads the console's own page, "not found, or not in your programs", with the way back to the list;
// never the applicant's "Something went wrong" screen. At a desk's width and a phone's.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

test('a program-limited member opening a link to another program’s application reads the console’s not-found page', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The applicant applies to the MA in Education (completeAnswers); the member works on Applied Psychology only.
  const lastName = `Noether${Date.now().toString(36)}`;
  await submittedApplicant(baseURL!, 'Emmy', lastName, 'staff-links');
  const office = await officeApi(baseURL!);
  const userId = await userIdOf(office, lastName);
  const member = uniqueEmail('staff-links.member');
  const invited = await office.post('/api/staff/team', {
    data: { email: member, name: 'Mary Somerville', roles: ['reviewer'], programs: ['MAPP'] },
    headers: sameOrigin(),
  });
  expect(invited.status()).toBe(201);
  await office.dispose();
  await createConfirmedAccount(request, member);
  await logIn(page, member, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The link as a colleague of every program would have copied it, and a malformed one.
    for (const path of [`/staff/applications/${userId}`, '/staff/applications/not-an-id']) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: 'Application not found' });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('main')).toContainText('This application was not found, or not in your programs.');
      // Inside the console: its navigation and the way back; the applicant's error screen nowhere.
      await expect(page.getByRole('navigation', { name: 'Admissions office' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the applications' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Something went wrong/ })).toHaveCount(0);
      await expect(page.getByText('Back to my application')).toHaveCount(0);
      // Nothing of the applicant shows.
      await expect(page.getByRole('main')).not.toContainText(lastName);
      await expectAxeClean(page);
    }
  }

  // The way back leads to the member's list.
  await page.getByRole('link', { name: 'Back to the applications' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
});
