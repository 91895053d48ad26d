import { matchRoutes, type RouteObject } from 'react-router';
import { SiteLayout } from '../shared/site/components/site-layout';
import { lazyRoute, type RouteCode } from './lazy-route';
import { RedirectToDefault } from './redirect-to-default';

const login = lazyRoute(async () => (await import('../features/auth/screens/login-screen')).LoginScreen);
const signup = lazyRoute(async () => (await import('../features/auth/screens/signup-screen')).SignupScreen);
const confirm = lazyRoute(async () => (await import('../features/auth/screens/confirm-screen')).ConfirmScreen);
const forgot = lazyRoute(
  async () => (await import('../features/auth/screens/forgot-password-screen')).ForgotPasswordScreen,
);
const reset = lazyRoute(
  async () => (await import('../features/auth/screens/reset-password-screen')).ResetPasswordScreen,
);
const recommend = lazyRoute(
  async () => (await import('../features/recommendations/screens/recommend-screen')).RecommendScreen,
);
const remindersOff = lazyRoute(
  async () => (await import('../features/status/screens/reminders-off-screen')).RemindersOffScreen,
);
const unsubscribeNews = lazyRoute(
  async () => (await import('../features/messages/screens/unsubscribe-news-screen')).UnsubscribeNewsScreen,
);
const applicationLayout = lazyRoute(
  async () => (await import('../features/application/components/application-layout')).ApplicationLayout,
);
const about = lazyRoute(async () => (await import('../features/application/routes/step-routes')).AboutRoute);
const education = lazyRoute(async () => (await import('../features/application/routes/step-routes')).EducationRoute);
const finalSteps = lazyRoute(async () => (await import('../features/application/routes/step-routes')).FinalStepsRoute);
const completion = lazyRoute(
  async () => (await import('../features/application/routes/completion-route')).CompletionRoute,
);
const applications = lazyRoute(
  async () => (await import('../features/applications/screens/applications-screen')).ApplicationsScreen,
);
const staffConsole = lazyRoute(async () => (await import('../features/staff/routes/console-route')).ConsoleRoute);
const staffApplication = lazyRoute(
  async () => (await import('../features/staff/routes/application-route')).ApplicationRoute,
);
const staffReview = lazyRoute(async () => (await import('../features/staff/review/review-route')).ReviewRoute);
const staffQueue = lazyRoute(async () => (await import('../features/staff/queue/queue-route')).QueueRoute);
const staffTeam = lazyRoute(async () => (await import('../features/staff/team/team-route')).TeamRoute);
const staffWorkflow = lazyRoute(async () => (await import('../features/staff/workflow/workflow-route')).WorkflowRoute);
const staffAudit = lazyRoute(async () => (await import('../features/staff/audit/audit-route')).AuditRoute);
const staffReports = lazyRoute(async () => (await import('../features/reports/routes/reports-route')).ReportsRoute);
const staffPayments = lazyRoute(async () => (await import('../features/staff/routes/payments-route')).PaymentsRoute);
const staffMessages = lazyRoute(async () => (await import('../features/staff/routes/messages-route')).MessagesRoute);
const staffSecurity = lazyRoute(async () => (await import('../features/staff/routes/security-route')).SecurityRoute);
const staffIntegrations = lazyRoute(
  async () => (await import('../features/staff/routes/integrations-route')).IntegrationsRoute,
);
const staffApiReference = lazyRoute(
  async () => (await import('../features/staff/routes/integrations-route')).ApiReferenceRoute,
);

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    children: [
      { index: true, Component: RedirectToDefault },

      { path: 'login', ...login },
      { path: 'signup', ...signup },
      { path: 'confirm', ...confirm },
      { path: 'forgot', ...forgot },
      { path: 'reset', ...reset },
      // A recommender's page: public, outside the application's layout (no session, no redirects).
      { path: 'recommend', ...recommend },
      // The deadline reminders' signed stop link: public, no session.
      { path: 'reminders-off', ...remindersOff },
      // The stop of news e-mails, linked at the end of each news message (issue 46): public, no session.
      { path: 'unsubscribe-news', ...unsubscribeNews },

      {
        // The form pages share their state (answers, status) and redirect rules through this layout.
        ...applicationLayout,
        children: [
          { path: 'about', ...about },
          { path: 'education-alr', ...education },
          { path: 'final-steps', ...finalSteps },
          { path: 'completion', ...completion },
        ],
      },

      // The account's applications, outside the form's layout and its redirect rules (issue 42).
      { path: 'applications', ...applications },

      // The admissions office's console (docs/decisions/011-staff-console.md).
      { path: 'staff', ...staffConsole },
      { path: 'staff/applications/:userId', ...staffApplication },
      // The office at work (docs/decisions/050-console-working-screens.md).
      { path: 'staff/applications/:userId/review', ...staffReview },
      { path: 'staff/queue', ...staffQueue },
      { path: 'staff/team', ...staffTeam },
      { path: 'staff/workflow', ...staffWorkflow },
      { path: 'staff/audit', ...staffAudit },
      // The director's reports (issue 47): the funnel at /staff/reports, each report at /staff/reports/{kind}.
      { path: 'staff/reports/:kind?', ...staffReports },
      // The money (issue 43): payments, totals per day and their CSV, for members with the `payments` right.
      { path: 'staff/payments', ...staffPayments },
      // Messages to groups of applicants (issue 46), for members with the `message` right.
      { path: 'staff/messages', ...staffMessages },
      // The ways out to the campus systems (issue 45), for administrators: tokens, webhooks, exports, the API's reference.
      { path: 'staff/integrations', ...staffIntegrations },
      { path: 'staff/integrations/api', ...staffApiReference },
      // A member's own sign-in: passkeys and recovery codes (issue 44).
      { path: 'staff/security', ...staffSecurity },

      { path: '*', Component: RedirectToDefault },
    ],
  },
];

/**
 * The code of every route that `pathname` matches: undefined when all of it is
 * here already, else a promise that settles once it has arrived (or failed).
 */
export function routeCode(pathname: string, table: RouteObject[] = routes): Promise<unknown> | undefined {
  const handles = (matchRoutes(table, pathname) ?? [])
    .map((m) => m.route.handle as RouteCode | undefined)
    .filter((h): h is RouteCode => h !== undefined && !h.isLoaded());
  return handles.length === 0 ? undefined : Promise.all(handles.map((h) => h.preload()));
}
