import '../styles/theme.css';
import '../styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { App } from './app';
import { createAppQueryClient } from './app-query-client';
import { prefetchPageStart } from './page-start';

const history = createBrowserHistory({ v5Compat: true });
const queryClient = createAppQueryClient(history);

prefetchPageStart(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// index.html's own loading state goes in the same task as the app's first render: no frame between them.
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <App history={history} queryClient={queryClient} />
  </StrictMode>,
);
