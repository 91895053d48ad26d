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

// Evaluating the modules and drawing the app's first screen each take a long task on a slow phone;
// in one task they would hold back a tap for both. The first render gets a task of its own, once the
// calls above are on their way. index.html's own loading state goes in that same task: no frame between them.
setTimeout(() => {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App history={history} queryClient={queryClient} />
    </StrictMode>,
  );
}, 0);
