import {
  MutationCache,
  notifyManager,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { hasBridge } from './data/bridge';
import { noteHostStopped } from './data/host-stopped';
import { noticeScheduler } from './data/notice-scheduler';
import { startI18n } from './i18n/i18n';
import { chosenLanguage } from './i18n/use-language';
import { isOfflineError } from './words/offline-errors';
import './styles/base.css';
import './styles/forms.css';
import './styles/screens.css';
import './styles/workspace.css';
import './styles/records.css';
import './styles/operations.css';
import './styles/outbox.css';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const root: HTMLElement = found;

// A save's notices are drawn in the keystroke's own frame, not after it: see noticeScheduler.
notifyManager.setScheduler(noticeScheduler());
const queryClient = new QueryClient({
  // Any call may be the first to find Schooldesk's own host stopped; the shell then says so.
  queryCache: new QueryCache({ onError: noteHostStopped }),
  mutationCache: new MutationCache({ onError: noteHostStopped }),
  defaultOptions: {
    // Main answers from memory or its local copy; one retry covers a transport hiccup. An
    // unreachable school is answered at once and would only answer the same: no retry, so
    // the sentence shows at once instead of a spinner (queries reload when it answers).
    queries: { retry: (failures, error) => failures < 1 && !isOfflineError(error) },
  },
});

const i18n = startI18n();
/** The app's name, the same in every language. */
const PRODUCT_NAME = 'Schooldesk';

function render(): void {
  createRoot(root).render(
    <StrictMode>
      {hasBridge() ? (
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      ) : (
        <main className="app-main">
          <h1>{PRODUCT_NAME}</h1>
          <p>{i18n.t('noBridge')}</p>
        </main>
      )}
    </StrictMode>,
  );
}

// The owner's saved choice is asked for before the first frame (a local call), so the app
// never shows one language and then another.
if (hasBridge()) {
  void chosenLanguage()
    .then((chosen) => (chosen ? i18n.changeLanguage(chosen) : undefined))
    .catch(() => undefined)
    .finally(render);
} else {
  render();
}
