/**
 * The real-address evaluation set (docs/geocoding.md says where it comes from), as the benchmarks read it: its
 * path, and the half a row is in. One place, so every benchmark splits it the same way.
 */
import path from 'node:path';

/** KAPULUAN_ADDRESSES, or ../shared/eval/addresses.csv beside the checkout. */
export const ADDRESSES_CSV =
  process.env.KAPULUAN_ADDRESSES ?? path.resolve(import.meta.dirname, '../../shared/eval/addresses.csv');

/**
 * FNV-1a of the id: which half a row is in, the same on every machine. "tune" was looked at while working on the
 * geocoder; "held out" was not.
 */
export function half(id: string): 'tune' | 'held out' {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 ? 'held out' : 'tune';
}
