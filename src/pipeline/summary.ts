import { DETAILS } from '../dataset/types.ts';
import type { BuildResult } from './build.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The validation report and sizes as text, printed at the end of a build. */
export function summarise({ manifest, report, seconds }: BuildResult): string {
  const lines = [`\nBuilt ${manifest.vintage} in ${seconds.toFixed(1)} s`, '', 'Units per level:'];
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
  );
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
