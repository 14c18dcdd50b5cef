import ExcelJS from 'exceljs';
import type { Level, Unit } from '../dataset/types.ts';

const LEVELS = new Set<Level>(['Reg', 'Prov', 'Dist', 'City', 'Mun', 'SubMun', 'SGU', 'Bgy']);

/** A row the sheet carries that is not a unit but names a grouping (the SGA's interim province code). */
export interface Grouping {
  code: string;
  name: string;
}

export interface CodeList {
  units: Unit[];
  groupings: Grouping[];
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
  population2020: number;
  urban: number;
  status: number;
}

/** Locate columns by header text: the 4Q 2023 and 4Q 2024 sheets differ in their population columns. */
function findColumns(header: ExcelJS.Row): Columns {
  const names: string[] = [];
  header.eachCell({ includeEmpty: true }, (cell, col) => {
    names[col] = cellText(cell.value).toLowerCase();
  });
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
    population2020: find((h) => h.startsWith('2020 population'), '2020 Population'),
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

export async function readCodeList(file: string): Promise<CodeList> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('PSGC');
  if (!sheet) throw new Error(`${file}: no sheet named PSGC`);
  const columns = findColumns(sheet.getRow(1));
  const units: Unit[] = [];
  const groupings: Grouping[] = [];
  const skipped: string[] = [];

  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const value = (col: number) => row.getCell(col).value;
    const name = cellText(value(columns.name));
    const levelText = cellText(value(columns.level));
    const correspondence = normaliseCode(value(columns.correspondence), 9);
    let code = normaliseCode(value(columns.code), 10);
    if (!LEVELS.has(levelText as Level)) {
      // Not a unit: the SGA's interim province code and Isabela City's "(Not a Province)" note row.
      if (code?.startsWith('19999')) groupings.push({ code, name: 'Special Geographic Area' });
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
      population2020: parsePopulation(value(columns.population2020)),
      urban: urban === 'U' ? true : urban === 'R' ? false : null,
      poblacion: /^pob/i.test(status),
      capital: /^capital/i.test(status),
    });
  });
  return { units, groupings, skipped };
}
