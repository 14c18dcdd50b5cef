import ExcelJS from 'exceljs';
import { CENSUS_YEARS, type Census, type CensusYear, type Level, type Unit } from '../dataset/types.ts';
import { populationFootnotes, readNote } from './psgc-notes.ts';

const LEVELS = new Set<Level>(['Reg', 'Prov', 'Dist', 'City', 'Mun', 'SubMun', 'SGU', 'Bgy']);

/** A row the sheet carries that is not a unit but names a grouping (the SGA's interim province code). */
export interface Grouping {
  code: string;
  name: string;
  /** Its counts, where its row gives them. */
  population?: Pick<Unit, 'population' | 'census'>;
}

export interface CodeList {
  units: Unit[];
  groupings: Grouping[];
  /**
   * The censuses whose counts the sheet gives, oldest first (4Q 2023: 2015 and 2020; 4Q 2024 and 2Q 2025: 2020;
   * 3Q 2025: 2024), and the one its units' `population` is of: the latest.
   */
  censuses: CensusYear[];
  /**
   * What the sheet writes beside a unit's count, by code and census, its footnote marks read from the Notes sheet:
   * "excluding CITY OF BAGUIO" for a province whose highly urbanized city stands apart, "including the population
   * count of Sulu" for Region IX in 3Q 2025, "including the population count of Barangays 176-B, …" for Barangay
   * 176-A in 2Q 2025 (which holds its split parts' 2020 count).
   */
  populationNotes: Map<string, Partial<Record<CensusYear, string>>>;
  /** The workbook's other sheets as text (National Summary, Prov Sum, Notes…), for the check of PSA's totals. */
  summaries: { name: string; rows: string[][] }[];
  /** Rows skipped, with the reason, for the build report. */
  skipped: string[];
}

type Cell = ExcelJS.CellValue;

/** Cell text with rich text flattened, whitespace folded and trimmed (the sheet has trailing spaces). */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
    if ('result' in value) return cellText(value.result as Cell);
    if ('text' in value) return String(value.text).trim();
    return '';
  }
  return String(value).replace(/\s+/g, ' ').trim();
}

/** Codes come as text or as numbers that lost their leading zero. */
export function normaliseCode(value: Cell, digits: number): string | null {
  const text = cellText(value);
  if (!/^\d+$/.test(text)) return null;
  return text.padStart(digits, '0');
}

/**
 * Population cells are numbers, formulas (whose cached result may be an error) or text such as
 * "(excluding CITY OF ISABELA) 346,579": take the number, or null when there is none.
 */
export function parsePopulation(value: Cell): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'formula' in value) {
    return typeof value.result === 'number' ? value.result : null;
  }
  const match = cellText(value).match(/(\d[\d,]*)\s*$/);
  return match ? Number(match[1].replaceAll(',', '')) : null;
}

interface Columns {
  code: number;
  name: number;
  correspondence: number;
  level: number;
  oldNames: number;
  cityClass: number;
  income: number;
  /** Each census's count, by the first column headed "<year> Population". */
  population: Partial<Record<CensusYear, number>>;
  /** The column after each count, headed as it or not at all: PSA's notes to it. */
  populationNote: Partial<Record<CensusYear, number>>;
  urban: number;
  status: number;
}

/**
 * Locate columns by header text: the sheets differ in their population columns (4Q 2023: "2015 Population" and
 * "2020 Population", each over two columns; 4Q 2024 and 2Q 2025: "2020 Population"; 3Q 2025: "2024 Population").
 */
function findColumns(header: ExcelJS.Row): Columns {
  const names: string[] = [];
  header.eachCell({ includeEmpty: true }, (cell, col) => {
    names[col] = cellText(cell.value).toLowerCase();
  });
  const population: Partial<Record<CensusYear, number>> = {};
  for (const year of CENSUS_YEARS) {
    const index = names.findIndex((h) => h?.startsWith(`${year} population`));
    if (index >= 0) population[year] = index;
  }
  if (!Object.keys(population).length) {
    throw new Error(`PSGC sheet: no population column (headers: ${names.join(' | ')})`);
  }
  const populationNote: Partial<Record<CensusYear, number>> = {};
  for (const [year, index] of Object.entries(population)) {
    const next = names[index + 1];
    if (!next || next === names[index]) populationNote[Number(year) as CensusYear] = index + 1;
  }
  const find = (test: (h: string) => boolean, what: string) => {
    const index = names.findIndex((h) => h !== undefined && test(h));
    if (index < 0) throw new Error(`PSGC sheet: no column for ${what} (headers: ${names.join(' | ')})`);
    return index;
  };
  return {
    code: find((h) => h.includes('psgc'), 'PSGC'),
    name: find((h) => h === 'name', 'Name'),
    correspondence: find((h) => h.startsWith('correspondence'), 'Correspondence Code'),
    level: find((h) => h.startsWith('geographic level'), 'Geographic Level'),
    oldNames: find((h) => h.startsWith('old name'), 'Old names'),
    cityClass: find((h) => h.startsWith('city class'), 'City Class'),
    income: find((h) => h.startsWith('income'), 'Income Classification'),
    population,
    populationNote,
    urban: find((h) => h.startsWith('urban'), 'Urban / Rural'),
    status: find((h) => h.startsWith('status'), 'Status'),
  };
}

/**
 * NCR districts carry no 10-digit code in the 4Q 2023 list. We give each one its region digits followed by
 * the district digits of its 9-digit correspondence code (133900000 → 1339000000), which no real code uses.
 */
export function districtCode(correspondence: string): string {
  return `${correspondence.slice(0, 4)}000000`;
}

/** A sheet's rows as text, by column from the first (empty cells as ''); none for a missing sheet. */
function sheetText(sheet: ExcelJS.Worksheet | undefined): string[][] {
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

export async function readCodeList(file: string): Promise<CodeList> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('PSGC');
  if (!sheet) throw new Error(`${file}: no sheet named PSGC`);
  const columns = findColumns(sheet.getRow(1));
  const footnotes = populationFootnotes(sheetText(workbook.getWorksheet('Notes')));
  const summaries = workbook.worksheets
    .filter((s) => s.name !== 'PSGC')
    .map((s) => ({ name: s.name, rows: sheetText(s) }));
  const censuses = CENSUS_YEARS.filter((year) => columns.population[year] !== undefined);
  const latest = censuses[censuses.length - 1];
  const units: Unit[] = [];
  const groupings: Grouping[] = [];
  const skipped: string[] = [];
  const populationNotes: CodeList['populationNotes'] = new Map();

  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const value = (col: number) => row.getCell(col).value;
    const counts = (): Pick<Unit, 'population' | 'census'> => {
      const census: Census = {};
      for (const year of censuses) census[year] = parsePopulation(value(columns.population[year]!));
      return { population: census[latest] ?? null, census };
    };
    const name = cellText(value(columns.name));
    const levelText = cellText(value(columns.level));
    const correspondence = normaliseCode(value(columns.correspondence), 9);
    let code = normaliseCode(value(columns.code), 10);
    if (!LEVELS.has(levelText as Level)) {
      // Not a unit: the SGA's interim province code and Isabela City's "(Not a Province)" note row.
      if (code?.startsWith('19999')) groupings.push({ code, name: 'Special Geographic Area', population: counts() });
      skipped.push(`row ${index}: ${code ?? '(no code)'} ${name} has no geographic level`);
      return;
    }
    const level = levelText as Level;
    if (!code && level === 'Dist' && correspondence) code = districtCode(correspondence);
    if (!code) {
      skipped.push(`row ${index}: ${name} has no code`);
      return;
    }
    const status = cellText(value(columns.status));
    const cityClass = cellText(value(columns.cityClass));
    const income = cellText(value(columns.income));
    const oldNames = cellText(value(columns.oldNames));
    const urban = cellText(value(columns.urban));
    const notes: Partial<Record<CensusYear, string>> = {};
    for (const year of censuses) {
      const column = columns.populationNote[year];
      const note = column === undefined ? '' : cellText(value(column));
      if (note) notes[year] = readNote(note, footnotes);
    }
    if (Object.keys(notes).length) populationNotes.set(code, notes);
    units.push({
      code,
      name,
      level,
      parent: null,
      correspondence,
      oldNames: oldNames
        ? oldNames
            .split('/')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
      cityClass: cityClass === 'HUC' || cityClass === 'ICC' || cityClass === 'CC' ? cityClass : null,
      incomeClass: income && income !== '-' ? income : null,
      ...counts(),
      urban: urban === 'U' ? true : urban === 'R' ? false : null,
      poblacion: /^pob/i.test(status),
      capital: /^capital/i.test(status),
    });
  });
  return { units, groupings, censuses, populationNotes, summaries, skipped };
}
