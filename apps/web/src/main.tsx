import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { storedEmail } from './features/account/stored-login';
import { historyEntry } from './history-entry';
import { registerServiceWorker } from './service-worker';
import { takeOverOnFirstUse } from './take-over';

// The entry script loads none of the app: a page the server drew (ADR 0029) waits for the
// visitor's first use before the app (start.tsx, preloaded by the page's head) takes it over.
const startApp = () => import('./start').then((app) => app.startApp());

// A stored login or a message handed over by the page before shows only once the app runs, and
// so do the layers a map page's address names (its outline says so: `data-needs-app`).
const drawnAsItIs =
  document.getElementById('drawn-answers') !== null &&
  storedEmail() === null &&
  historyEntry()?.usr === undefined &&
  document.querySelector('[data-needs-app]') === null;
if (drawnAsItIs) {
  const takeOver = takeOverOnFirstUse(startApp);
  // Going offline and a new version waiting are said by the app's notices.
  registerServiceWorker(takeOver);
  window.addEventListener('offline', takeOver, { once: true });
} else {
  registerServiceWorker();
  void startApp();
}
