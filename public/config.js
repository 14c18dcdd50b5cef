// The app's settings at run time, read before it starts (docs/configuration.md, "At run time"). A deployment
// replaces this file beside index.html; a setting given here wins over the one the app was built with, e.g.
//   window.kapuluanConfig = { apiBaseUrl: 'https://api.example.org', apiKey: '<a read key>' };
// Nothing given: the settings the app was built with (by default the built-in service, offline).
window.kapuluanConfig = {};
