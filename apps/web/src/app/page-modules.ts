/**
 * The lazily loaded modules each page needs before it can show (the lazy
 * routes of routes.tsx that its path matches), relative to apps/web. The
 * build lists their files (vite.config.ts, pagePreloads) and the server names
 * them in the page's Link header, so a browser fetches them together with the
 * entry instead of after it has run: one round trip before the page shows
 * (docs/decisions/024-schemas-entry-and-lean-first-load.md). A path missing
 * here still works; its modules are fetched a round trip later.
 */
const APPLICATION_LAYOUT = 'src/features/application/components/application-layout.tsx';
const STEP_ROUTES = 'src/features/application/routes/step-routes.tsx';

export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/about': [APPLICATION_LAYOUT, STEP_ROUTES],
  '/education-alr': [APPLICATION_LAYOUT, STEP_ROUTES],
  '/final-steps': [APPLICATION_LAYOUT, STEP_ROUTES],
  '/completion': [APPLICATION_LAYOUT, 'src/features/application/routes/completion-route.tsx'],
  '/login': ['src/features/auth/screens/login-screen.tsx'],
  '/signup': ['src/features/auth/screens/signup-screen.tsx'],
  '/confirm': ['src/features/auth/screens/confirm-screen.tsx'],
  '/forgot': ['src/features/auth/screens/forgot-password-screen.tsx'],
  '/reset': ['src/features/auth/screens/reset-password-screen.tsx'],
  '/recommend': ['src/features/recommendations/screens/recommend-screen.tsx'],
  '/reminders-off': ['src/features/status/screens/reminders-off-screen.tsx'],
  '/unsubscribe-news': ['src/features/messages/screens/unsubscribe-news-screen.tsx'],
  '/staff': ['src/features/staff/routes/console-route.tsx'],
};
