import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLocalMatcher } from './api/geocode.ts';
import { App } from './app/app.tsx';
import { config } from './config/config.ts';
import './app/app.css';

async function main() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  if (config.builtInService) {
    // Loaded only when used: the service and its data stay out of the main bundle.
    const { startBrowserService } = await import('./mocks/browser.ts');
    const { matcher } = await startBrowserService([config.defaultApiKey]);
    // A file's rows go straight to the service's match workers (src/api/geocode.ts).
    setLocalMatcher(matcher);
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void main();
