/**
 * Stands in for `tldts` in the browser build (vite.config.ts). msw reads the page's cookies into each mocked
 * request through tough-cookie, which asks tldts for a host's registrable domain; tldts carries the whole Public
 * Suffix List, 257 KB of the built-in service's chunk (about 40% of it), loaded before the first screen. The /v1
 * service reads no cookie and sets none, so the domain is taken as the host's last two labels (its whole name
 * for an IP address or a single label). A cookie the page set under a multi-label public suffix (`co.uk`)
 * could then reach a mocked request it should not; the service never looks.
 */
export function getDomain(host: string): string | null {
  if (!host) return null;
  const name = host.replace(/\.$/, '');
  if (/^[\d.]+$/.test(name) || name.includes(':')) return name;
  const labels = name.split('.');
  return labels.slice(-2).join('.');
}
