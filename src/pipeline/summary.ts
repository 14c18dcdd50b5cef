import { type ChangeKind, type ChangeReport, DETAILS, type Level, type UnitRef } from '../dataset/types.ts';
import type { BuildResult } from './build.ts';
import { BOUNDARY_VINTAGE } from './config.ts';
import { summarisePopulation } from './population.ts';
import type { ValidationReport } from './validate.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** A slice's build in a line: its units and polygons (its whole report is in its report.json). */
export function briefly({ manifest, report, seconds }: BuildResult): string {
  const counts = Object.entries(report.counts).map(([level, n]) => `${level} ${n}`);
  const polygons = report.polygons.detailed.barangays;
  return `Built ${manifest.vintage} in ${seconds.toFixed(1)} s: ${counts.join(', ')}; ${polygons.present} barangay polygons`;
}

/** The validation report and sizes as text, printed at the end of a build. */
export function summarise({ manifest, report, changes, previousChanges, population, seconds }: BuildResult): string {
  const lines = [`\nBuilt ${manifest.vintage} in ${seconds.toFixed(1)} s`, '', summariseChanges(changes)];
  // The release before, when it is not the boundaries' list (whose report is the one above).
  if (previousChanges && previousChanges !== changes) lines.push('', summariseChanges(previousChanges));
  lines.push('', ...summarisePopulation(population));
  lines.push('', 'Units per level:');
  lines.push(
    `  ${Object.entries(report.counts)
      .map(([level, n]) => `${level} ${n}`)
      .join(', ')}`,
  );
  lines.push('', 'Polygons (present / expected, invalid rings):');
  for (const detail of DETAILS) {
    const p = report.polygons[detail];
    lines.push(
      `  ${detail.padEnd(8)} ${Object.entries(p)
        .map(
          ([level, v]) => `${level} ${v.present}/${v.expected}${v.invalidRings ? ` (${v.invalidRings} invalid)` : ''}`,
        )
        .join(', ')}; ${report.refinedRings[detail]} rings rounded finer to keep their shape`,
    );
  }
  lines.push('', 'Nesting (largest gap between a parent and the sum of its children):');
  for (const detail of DETAILS) {
    const n = report.nesting[detail];
    lines.push(
      `  ${detail.padEnd(8)} ${n.parents} parents, max ${(n.maxRelativeGap * 100).toFixed(4)}%${n.over1e3.length ? `; over 0.1%: ${n.over1e3.join('; ')}` : ''}`,
    );
  }
  lines.push('', `Without a polygon (${report.withoutGeometry.length}):`);
  for (const u of report.withoutGeometry) lines.push(`  ${u.code} ${u.name} (${u.level}): ${u.reason}`);
  lines.push('', 'Source notes:', ...report.sourceNotes.map((n) => `  ${n}`));
  lines.push(
    '',
    `Orphans: ${report.orphans.length}; barangay points outside their city/municipality: ${report.pointsOutside.length}`,
  );
  lines.push(
    `Gazetteer: ${report.gazetteer.entries} entries, ${report.gazetteer.withPoint} with a point (${JSON.stringify(report.gazetteer.bySource)})`,
    `  town points by rule: ${Object.entries(report.gazetteer.towns)
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ')}`,
  );
  lines.push('', ...summariseZip(report.zip));
  lines.push('', 'Sizes (files, raw, gzip, largest file):');
  for (const detail of DETAILS) {
    for (const [level, s] of Object.entries(manifest.sizes[detail])) {
      lines.push(
        `  ${detail.padEnd(8)} ${level.padEnd(10)} ${String(s.files).padStart(5)} files ${kb(s.bytes).padStart(9)} ${kb(s.gzipBytes).padStart(8)} gz   largest ${s.largestFile.path} ${kb(s.largestFile.bytes)}`,
      );
    }
  }
  return lines.join('\n');
}

/** The ZIP table's join: counts per rule, every row left out with its reason, and the towns with no ZIP code. */
function summariseZip(zip: ValidationReport['zip']): string[] {
  if (!zip) return ['ZIP codes: no table in the source folder'];
  const lines = [
    `ZIP codes (${zip.source}): ${zip.joined} of ${zip.rows} rows joined (${Object.entries(zip.byRule)
      .map(([rule, n]) => `${rule} ${n}`)
      .join(
        ', ',
      )}); ${zip.zipCodes} distinct codes; ${zip.towns.withZip} of ${zip.towns.total} cities and municipalities have one`,
    `  not joined (${zip.unjoined.length}):`,
  ];
  for (const u of zip.unjoined)
    lines.push(`    ${u.sheet} row ${u.row}, ${u.header}: "${u.name}" ${u.zip}: ${u.reason}`);
  lines.push(`  without a ZIP code (${zip.withoutZip.length}): ${zip.withoutZip.map((t) => t.name).join('; ')}`);
  return lines;
}

const LEVELS: Level[] = ['Reg', 'Prov', 'Dist', 'SGA', 'City', 'Mun', 'SubMun', 'SGU', 'Bgy'];
const KINDS: ChangeKind[] = ['added', 'removed', 'recoded', 'renamed', 'moved', 'reclassified'];
const total = (counts: Partial<Record<Level, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);
const named = (u: UnitRef | null) => (u ? `${u.name} ${u.code}` : '(none)');

/**
 * The change report as text: counts per kind and level, then every change except the bulk of units recoded
 * only because their parent was (those are counted; changes.json lists them).
 */
export function summariseChanges(changes: ChangeReport, boundaries = changes.from === BOUNDARY_VINTAGE): string {
  const lines = [
    `Changes from ${changes.from} (${boundaries ? "the boundaries' codes" : 'the release before'}) to ${changes.to}:`,
  ];
  const cell = (v: string | number, width = 7) => String(v).padStart(width);
  lines.push(`  ${''.padEnd(12)}${LEVELS.map((l) => cell(l)).join('')}${cell('total')}`);
  for (const kind of KINDS) {
    const c = changes.counts[kind];
    lines.push(`  ${kind.padEnd(12)}${LEVELS.map((l) => cell(c[l] ?? '.')).join('')}${cell(total(c))}`);
  }
  if (!KINDS.some((k) => total(changes.counts[k]))) return `${lines.join('\n')}\n  (none: the boundaries' own list)`;

  lines.push('', `Added (${changes.added.length}):`);
  for (const u of changes.added) lines.push(`  ${u.code} ${u.name} (${u.level}) in ${named(u.parent)}`);
  lines.push('', `Removed (${changes.removed.length}):`);
  for (const u of changes.removed) lines.push(`  ${u.code} ${u.name} (${u.level}) in ${named(u.parent)}`);
  const withParent = changes.recoded.filter((r) => r.rule === 'name-in-recoded-parent');
  const perLevel: Partial<Record<Level, number>> = {};
  for (const r of withParent) perLevel[r.level] = (perLevel[r.level] ?? 0) + 1;
  lines.push(
    '',
    `Recoded (${changes.recoded.length}): ${withParent.length} with their recoded parent, by name (${Object.entries(
      perLevel,
    )
      .map(([l, n]) => `${l} ${n}`)
      .join(', ')}), and:`,
  );
  for (const r of changes.recoded.filter((r) => r.rule !== 'name-in-recoded-parent')) {
    lines.push(`  ${r.from} → ${r.to} ${r.name} (${r.level}), by ${r.rule}`);
  }
  lines.push('', `Renamed (${changes.renamed.length}):`);
  for (const r of changes.renamed) lines.push(`  ${r.code} (${r.level}) ${r.from} → ${r.to}`);
  lines.push('', `Moved to another parent (${changes.moved.length}):`);
  for (const m of changes.moved) lines.push(`  ${m.code} ${m.name} (${m.level}): ${named(m.from)} → ${named(m.to)}`);
  lines.push('', `Reclassified (${changes.reclassified.length}):`);
  for (const r of changes.reclassified) lines.push(`  ${r.code} ${r.name}: ${r.from} → ${r.to}`);
  lines.push('', incomeText(changes.incomeClass ?? []));
  return lines.join('\n');
}

/** Income classes changed, per level and class (there are hundreds in a general reclassification; the file lists them). */
function incomeText(changed: NonNullable<ChangeReport['incomeClass']>): string {
  const perLevel: Record<string, number> = {};
  const up = { up: 0, down: 0, other: 0 };
  const rank = (c: string | null) => Number(c?.match(/^(\d)/)?.[1] ?? Number.NaN);
  for (const c of changed) {
    perLevel[c.level] = (perLevel[c.level] ?? 0) + 1;
    const [from, to] = [rank(c.from), rank(c.to)];
    if (to < from) up.up++;
    else if (to > from) up.down++;
    else up.other++;
  }
  const levels = Object.entries(perLevel).map(([l, n]) => `${l} ${n}`);
  return `Income class changed (${changed.length}${levels.length ? `: ${levels.join(', ')}` : ''}): ${up.up} to a higher class, ${up.down} to a lower, ${up.other} otherwise (a mark or a class added or dropped)`;
}
