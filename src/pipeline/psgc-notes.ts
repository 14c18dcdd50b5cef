/** A footnote mark as the sheets write them: "58/", "aa/", "1/". */
const MARK = /^([a-z]{1,2}|\d{1,3})\/$/i;

/**
 * The footnotes of the Notes sheet's population section ("D. Column 2024 Population": "58/ including the population
 * count of Barangays 176-B, …"), by mark, from the sheet's rows as text. The sheet's
 * other sections (income class, urban/rural) are skipped.
 */
export function populationFootnotes(rows: string[][]): Map<string, string> {
  const notes = new Map<string, string>();
  let inSection = false;
  for (const row of rows) {
    const cells = row.filter(Boolean);
    // A section starts with its letter ("D.") and says what column it is about.
    if (cells.length && /^[A-Z]\.$/.test(cells[0])) inSection = /population/i.test(cells.slice(1).join(' '));
    if (!inSection) continue;
    for (const text of cells) {
      const found = text.match(/^([a-z]{1,2}|\d{1,3})\/\s+(.+)$/i);
      if (found) notes.set(`${found[1].toLowerCase()}/`, found[2].trim());
    }
  }
  return notes;
}

/**
 * What a note cell beside a count says: its marks' footnotes ("9/ 60/" → both, joined by "; "), or the note as
 * written, its parentheses dropped ("(excluding CITY OF BAGUIO) " → "excluding CITY OF BAGUIO"). A mark the Notes
 * sheet does not explain is kept as the mark.
 */
export function readNote(cell: string, footnotes: Map<string, string>): string {
  const words = cell.split(/[\s,]+/).filter(Boolean);
  if (words.length && words.every((w) => MARK.test(w))) {
    return words.map((w) => footnotes.get(w.toLowerCase()) ?? w).join('; ');
  }
  return cell
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .trim();
}
