import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLocalAnswer, waitForService } from '../api/client.ts';
import { setLocalMatcher } from '../api/geocode.ts';
import { App } from './app.tsx';
import './app.css';

/** Renders the app, its requests answered by the built-in service where one was started (src/service-start.ts). */
export function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The built-in service, started by the page's first module (src/service-start.ts); requests wait for its code,
  // and the app renders meanwhile: the map's canvas and style are made while the service's chunk arrives.
  const started = window.kapuluanService;
  if (started) {
    // The app's requests are answered in the page as soon as the service's code is here, except in the browser
    // tests that watch the page's requests (e2e/network.ts): those go by the worker, where Playwright sees them.
    const viaWorker = import.meta.env.DEV && window.kapuluanE2EViaWorker;
    const answer = viaWorker ? undefined : window.kapuluanAnswer;
    waitForService(answer ? answer.then(setLocalAnswer) : started);
    started.then(
      ({ matcher }) => setLocalMatcher(matcher),
      () => {},
    ); // a file's rows go to its workers
    started.catch((error) => console.error('[kapuluan] the built-in service could not start', error));
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
