/**
 * `npm run match -- in.csv [--out out.csv] [--column address]`: the command line's words, read into what to do.
 * Pure, so its mistakes are told the same way wherever they come from (match.ts prints them and exits 2).
 */
import path from 'node:path';

export type OutputFormat = 'csv' | 'xlsx' | 'geojson';

export interface MatchArgs {
  input: string;
  /** Where the matched file goes; null: CSV on standard output. */
  out: string | null;
  format: OutputFormat;
  /** The column holding the address, by its header name or its number (1 is the first); null: guessed. */
  column: string | null;
  /** Worker threads matching at once (default: one per core). */
  threads: number | null;
  help: boolean;
}

export const USAGE = `Usage: npm run match -- <file.csv|file.tsv|file.xlsx> [--out <file.csv|file.xlsx|file.geojson>] [--column <name or number>] [--threads <n>]

Matches every row's address to its barangay, city or municipality, province and region (PSGC codes), with the
same engine, statuses, columns and confidence as the app's "Match a file". Without --out the matched rows are
written as CSV to standard output. Without --column the address columns are guessed from the header, as the
app guesses them (an address column, or barangay/town/province/region columns).`;

/** A mistake in the command line itself, told with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const FORMAT_OF: Record<string, OutputFormat> = {
  '.csv': 'csv',
  '.xlsx': 'xlsx',
  '.geojson': 'geojson',
  '.json': 'geojson',
};

export function parseMatchArgs(argv: readonly string[]): MatchArgs {
  const args: MatchArgs = { input: '', out: null, format: 'csv', column: null, threads: null, help: false };
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const [flag, inline] = word.startsWith('--') && word.includes('=') ? word.split(/=(.*)/s) : [word, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value.`);
      return v;
    };
    switch (flag) {
      case '-h':
      case '--help':
        args.help = true;
        break;
      case '-o':
      case '--out':
        args.out = value();
        break;
      case '-c':
      case '--column':
        args.column = value();
        break;
      case '--threads': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new UsageError('--threads takes a whole number, 1 or more.');
        args.threads = n;
        break;
      }
      default:
        if (word.startsWith('-') && word !== '-') throw new UsageError(`Unknown option ${word}.`);
        inputs.push(word);
    }
  }
  if (args.help) return args;
  if (inputs.length === 0) throw new UsageError('Name the file to match.');
  if (inputs.length > 1) throw new UsageError(`Name one file to match, not ${inputs.length} (${inputs.join(', ')}).`);
  args.input = inputs[0];
  if (args.out !== null) {
    const format = FORMAT_OF[path.extname(args.out).toLowerCase()];
    if (!format) {
      throw new UsageError(`--out ${args.out}: name a .csv, .xlsx or .geojson file; the format follows the name.`);
    }
    if (path.resolve(args.out) === path.resolve(args.input)) {
      throw new UsageError(`--out ${args.out} is the file being matched: name another, so it is not overwritten.`);
    }
    args.format = format;
  }
  return args;
}
