import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { SiteLayout } from '../features/site/components/site-layout';
import { RedirectToDefault } from './redirect-to-default';
import { RootErrorScreen } from './root-error-screen';

/** A route whose screen is loaded on first visit (its own chunk). */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: SiteLayout,
    ErrorBoundary: RootErrorScreen,
    // Shown while the first screen's code loads.
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: RedirectToDefault },

      {
        path: 'login',
        ...lazyScreen(
          () => import('../features/auth/screens/login-screen'),
          (m) => m.LoginScreen,
        ),
      },
      {
        path: 'signup',
        ...lazyScreen(
          () => import('../features/auth/screens/signup-screen'),
          (m) => m.SignupScreen,
        ),
      },
      {
        path: 'confirm',
        ...lazyScreen(
          () => import('../features/auth/screens/confirm-screen'),
          (m) => m.ConfirmScreen,
        ),
      },
      {
        path: 'forgot',
        ...lazyScreen(
          () => import('../features/auth/screens/forgot-password-screen'),
          (m) => m.ForgotPasswordScreen,
        ),
      },
      {
        path: 'reset',
        ...lazyScreen(
          () => import('../features/auth/screens/reset-password-screen'),
          (m) => m.ResetPasswordScreen,
        ),
      },
      // A recommender's page: public, outside the application's layout (no session, no redirects).
      {
        path: 'recommend',
        ...lazyScreen(
          () => import('../features/recommendations/screens/recommend-screen'),
          (m) => m.RecommendScreen,
        ),
      },

      {
        // The form pages share their state (answers, status) and redirect rules through this layout.
        ...lazyScreen(
          () => import('../features/application/components/application-layout'),
          (m) => m.ApplicationLayout,
        ),
        children: [
          {
            path: 'about',
            ...lazyScreen(
              () => import('../features/application/routes/step-routes'),
              (m) => m.AboutRoute,
            ),
          },
          {
            path: 'education-alr',
            ...lazyScreen(
              () => import('../features/application/routes/step-routes'),
              (m) => m.EducationRoute,
            ),
          },
          {
            path: 'final-steps',
            ...lazyScreen(
              () => import('../features/application/routes/step-routes'),
              (m) => m.FinalStepsRoute,
            ),
          },
          {
            path: 'completion',
            ...lazyScreen(
              () => import('../features/application/routes/completion-route'),
              (m) => m.CompletionRoute,
            ),
          },
        ],
      },

      // The admissions office's console (docs/decisions/011-staff-console.md).
      {
        path: 'staff',
        ...lazyScreen(
          () => import('../features/staff/routes/console-route'),
          (m) => m.ConsoleRoute,
        ),
      },
      {
        path: 'staff/applications/:userId',
        ...lazyScreen(
          () => import('../features/staff/routes/application-route'),
          (m) => m.ApplicationRoute,
        ),
      },

      { path: '*', Component: RedirectToDefault },
    ],
  },
];
