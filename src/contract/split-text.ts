import type { PlaceRef, SplitInfo } from './types.ts';

/** The year of a list's name ("4Q 2024" → "2024"). */
const yearOf = (vintage: string) => vintage.match(/\d{4}/)?.[0] ?? vintage;

/**
 * A part's name without the words it shares with its old barangay's ("Barangay 176-A" of "Barangay 176" →
 * "176-A"): how a list of parts is read.
 */
export function shortPartName(oldName: string, part: PlaceRef): string {
  const words = oldName.split(/\s+/);
  const shared = words.slice(0, -1).join(' ');
  return shared && part.name.startsWith(`${shared} `) ? part.name.slice(shared.length + 1) : part.name;
}

/** The parts as read: "176-A to 176-F" when they run in code order, else "176-A, 176-C and 176-D". */
export function partsText(oldName: string, parts: readonly PlaceRef[]): string {
  const names = parts.map((p) => shortPartName(oldName, p));
  if (names.length === 0) return '';
  const consecutive = parts.every((p, i) => i === 0 || Number(p.code) === Number(parts[i - 1].code) + 1);
  if (names.length > 2 && consecutive) return `${names[0]} to ${names[names.length - 1]}`;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "split in 2024 into 176-A to 176-F": what a split barangay's answer says of it. */
export function splitText(oldName: string, split: Pick<SplitInfo, 'since' | 'parts'>): string {
  return `split in ${yearOf(split.since)} into ${partsText(oldName, split.parts)}`;
}

/**
 * A row's note for an address answered with a split barangay: what it was, that it is no more, where the point is,
 * and what to do.
 */
export function splitNote(oldName: string, oldCode: string, split: SplitInfo): string {
  return (
    `${oldName} (PSGC ${oldCode}, ${split.vintages.join(', ')}) was ${splitText(oldName, split)}; ` +
    'the point is inside the old barangay: choose a part.'
  );
}
