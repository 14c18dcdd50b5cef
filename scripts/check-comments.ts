/**
 * Part of `npm run lint`: no comment in src/, e2e/, scripts/ or bench/ names one of our issues by its number (the
 * word and a number, as ISSUE_NUMBER reads it). A reader of the code cannot open them: a comment says what holds
 * and why, and the history of a change lives in its commit message. Prints each comment that does and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'e2e', 'scripts', 'bench'];
const ISSUE_NUMBER = /\bissues? #?\d+/i;

/** The comments of a TypeScript source, each line with its number (1-based); strings are not told apart. */
function commentLines(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let inBlock = false;
  source.split('\n').forEach((text, i) => {
    let rest = text;
    while (rest) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        found.push({ line: i + 1, text: end < 0 ? rest : rest.slice(0, end) });
        if (end < 0) return;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      const block = rest.search(/\/\*/);
      const line = rest.search(/(^|\s)\/\//);
      if (line >= 0 && (block < 0 || line < block)) {
        found.push({ line: i + 1, text: rest.slice(line) });
        return;
      }
      if (block < 0) return;
      inBlock = true;
      rest = rest.slice(block + 2);
    }
  });
  return found;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(e.name) ? [file] : [];
  });
}

const root = path.resolve(import.meta.dirname, '..');
const offending = ROOTS.flatMap((dir) => sources(path.join(root, dir)))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .flatMap((file) =>
    commentLines(fs.readFileSync(path.join(root, file), 'utf8'))
      .filter((c) => ISSUE_NUMBER.test(c.text))
      .map((c) => `${file}:${c.line}: ${c.text.trim()}`),
  );
if (offending.length) {
  console.error(
    `${offending.length} comments name an issue number; say what holds and why instead:\n${offending.join('\n')}`,
  );
  process.exit(1);
}
