/**
 * Figures as people write them in a spreadsheet or a published table: "1,234", "12.5%", "(300)", "₱1,234.50",
 * "−4.2", "24,87" where a column writes decimals with a comma. What is not a number is said, never taken as zero:
 * a blank cell, a dash (statistical tables write "-" for nil or not applicable, which is not the same as 0) and
 * anything else ("n/a", "about 5") each come back as what they are, for the join report to list.
 */
export type Figure =
  | { kind: 'number'; value: number }
  | { kind: 'blank' }
  /** "-", "–", "—", "..": a table's mark for nil, not applicable or not available. */
  | { kind: 'dash'; text: string }
  | { kind: 'unreadable'; text: string };

export interface NumberStyle {
  /** The column writes decimals with a comma ("24,87") and groups thousands with dots or spaces. */
  decimalComma: boolean;
}

const DASH = /^(?:[-‐‑‒–—―−]{1,3}|\.{2,3}|…)$/;
const CURRENCY = /^(?:₱|php|p|\$|usd)\s*|\s*(?:php|pesos?)$/i;
const GROUPED_POINT = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$|^\.\d+$/;
const GROUPED_COMMA = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^\d+(?:,\d+)?$|^,\d+$/;

/** One cell's figure, in a column of the given style. */
export function readFigure(cell: string, style: NumberStyle = { decimalComma: false }): Figure {
  let text = cell.trim();
  if (!text) return { kind: 'blank' };
  if (DASH.test(text)) return { kind: 'dash', text };
  let sign = 1;
  // Accounting's negative: (300).
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    sign = -1;
    text = parenthesised[1].trim();
  }
  const signed = /^([-+−–])\s*(.*)$/.exec(text);
  if (signed) {
    if (signed[1] !== '+') sign = -sign;
    text = signed[2];
  }
  text = text.replace(CURRENCY, '').replace(/%$/, '').trim();
  // Thousands grouped with spaces (a thin or no-break space too), as some locales and PSA's PDFs write them.
  text = text.replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}\b)/g, style.decimalComma ? '.' : ',');
  const grouped = style.decimalComma ? GROUPED_COMMA : GROUPED_POINT;
  if (!grouped.test(text)) {
    // Scientific notation, as a spreadsheet exports a very large or small figure (1.2E+06).
    const scientific = Number(text);
    if (/^\d+(?:\.\d+)?e[-+]?\d+$/i.test(text) && Number.isFinite(scientific))
      return { kind: 'number', value: sign * scientific };
    return { kind: 'unreadable', text: cell.trim() };
  }
  const plain = style.decimalComma ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  return { kind: 'number', value: sign * Number(plain) };
}

/**
 * How a column writes its numbers: with decimal commas when a cell has a comma not followed by exactly three
 * digits ("24,87") and none has a decimal point after a comma group ("1,234.5"), as a table saved in a European
 * locale writes them. Otherwise commas group thousands, as Philippine tables write them: "1,234" is a thousand
 * and more, never one and a fraction.
 */
export function styleOf(cells: Iterable<string>): NumberStyle {
  let decimalComma = false;
  for (const raw of cells) {
    const cell = raw.trim();
    // "1,234.5": commas group thousands, whatever else the column holds.
    if (/\d,\d{3}(?:,\d{3})*\.\d/.test(cell)) return { decimalComma: false };
    // "24,87", "0,1234": a comma that cannot be a thousands' group.
    if (/\d,(?:\d{1,2}|\d{4,})(?!\d)/.test(cell)) decimalComma = true;
  }
  return { decimalComma };
}

/** What a column of figures holds: a number per row, or why not, and how to write its numbers back. */
export interface FigureColumn {
  figures: Figure[];
  style: NumberStyle;
  /** Cells written with a % sign: the legend and the facts write it back. */
  percent: boolean;
  /** The most decimals any cell was written with (at most 3): figures are written back as precisely. */
  decimals: number;
  numbers: number;
}

/** Reads every cell of a column. */
export function readColumn(cells: readonly string[]): FigureColumn {
  const style = styleOf(cells);
  let percent = false;
  let decimals = 0;
  let numbers = 0;
  const separator = style.decimalComma ? ',' : '.';
  const figures = cells.map((cell) => {
    const figure = readFigure(cell, style);
    if (figure.kind === 'number') {
      numbers++;
      if (cell.trim().endsWith('%') || cell.trim().endsWith('%)')) percent = true;
      const fraction = cell.split(separator)[1];
      if (fraction) decimals = Math.max(decimals, Math.min(3, (fraction.match(/^\d+/)?.[0] ?? '').length));
    }
    return figure;
  });
  return { figures, style, percent, decimals, numbers };
}

/** A figure as the legend, the facts and the lists write it: "1,234", "12.5%", "−300". */
export function figureText(value: number, { percent, decimals }: Pick<FigureColumn, 'percent' | 'decimals'>): string {
  const text = Math.abs(value).toLocaleString('en-PH', { maximumFractionDigits: decimals });
  return `${value < 0 ? '−' : ''}${text}${percent ? '%' : ''}`;
}
