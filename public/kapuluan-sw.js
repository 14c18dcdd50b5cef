/*
 * The built-in service's worker: msw's (mockServiceWorker.js, imported below, unchanged), for requests to /v1
 * only. msw's worker asks the page about every request a controlled page makes, and waits for the page's answer
 * before it goes to the network: the data files, the app's scripts and MapLibre's worker waited for the page's
 * main thread, which at a town click is busy drawing (bench:ui, issue 15). Only /v1 paths are in msw's handler
 * list (src/mocks/handlers, the same test as `undecodablePath`), so everything else goes to the network at once,
 * as if no worker were there: no answer is given, and msw's listener, registered after this one, is not called.
 */
self.addEventListener('fetch', (event) => {
  if (!/\/v1(\/|$)/.test(new URL(event.request.url).pathname)) event.stopImmediatePropagation();
});

importScripts('./mockServiceWorker.js');
