import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { hasBridge } from './bridge';
import './styles/base.css';
import './styles/forms.css';
import './styles/screens.css';
import './styles/workspace.css';
import './styles/records.css';
import './styles/operations.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = new QueryClient({
  defaultOptions: {
    // Main answers from memory or its own cache; one retry covers a transport hiccup, and
    // coded errors would only repeat themselves.
    queries: { retry: 1 },
  },
});

createRoot(root).render(
  <StrictMode>
    {hasBridge() ? (
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    ) : (
      <main className="app-main">
        <h1>Schooldesk</h1>
        <p>Open Schooldesk from its app or its web host; this page cannot work on its own.</p>
      </main>
    )}
  </StrictMode>,
);
