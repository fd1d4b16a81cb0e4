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

// TanStack Query's notices are told once the code running now is done (a microtask), as its
// own documentation offers, not in a setTimeout(0) task each: after a keystroke Chromium ran
// those tasks only after its next frames, so an offline save's notices (its pending state, the
// record and its rows written ahead) were drawn 20-35 ms after Ctrl+S, just as the save's
// answer came, which then waited behind them (traced at 5,000 students). A microtask also
// keeps a query's new data and the state set after it in one render (TanStack/query#8815).
notifyManager.setScheduler(queueMicrotask);
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
