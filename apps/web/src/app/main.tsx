import '../styles/theme.css';
import '../styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { addAnotherQueryKey, getAddAnother } from '../features/application/api/get-add-another';
import { getTabs, tabsQueryKey } from '../features/application/api/get-tabs';
import { getProfile, profileQueryKey } from '../features/session/api/get-profile';
import { isLoggedInNow } from '../features/session/session-store';
import { tenantConfigQuery } from '../features/site/api/get-tenant-config';
import { App } from './app';
import { createAppQueryClient } from './app-query-client';
import { routes } from './routes';

const router = createBrowserRouter(routes);
const queryClient = createAppQueryClient(router);

// Every page waits for the institution's text, and a logged-in one for the
// applicant's data: asked for now, while the page's code is still arriving,
// rather than one after the other once it has (the same queries the screens use).
void queryClient.prefetchQuery(tenantConfigQuery);
if (isLoggedInNow()) {
  void queryClient.prefetchQuery({ queryKey: profileQueryKey, queryFn: getProfile });
  void queryClient.prefetchQuery({ queryKey: addAnotherQueryKey, queryFn: getAddAnother });
  void queryClient.prefetchQuery({ queryKey: tabsQueryKey, queryFn: getTabs });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// index.html's own loading state goes in the same task as the app's first render: no frame between them.
container.replaceChildren();

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
