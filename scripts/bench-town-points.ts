/**
 * npm run bench:town-points — the built cities' and municipalities' points against the published town-point
 * reference (scripts/town-points.ts): share within 2 km and median distance, in all, per half (by a hash of the
 * code) and per rule that placed the point. --misses lists every town farther than 2 km (tune half only unless
 * --all), with its rule and both points, to look at by hand. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { ReverseGeocoder } from '../src/service/geocode/reverse.ts';
import { TOWN_POINTS_CSV } from './eval-set.ts';
import { figure, formatFigure, joinReference, readReference, TOWN_REFERENCE, townHalf } from './town-points.ts';

if (!fs.existsSync(TOWN_POINTS_CSV)) {
  console.log(`No town-point reference at ${TOWN_POINTS_CSV} (scripts/build-town-points.ts builds it).`);
  process.exit(0);
}
const data = await Dataset.load(diskDataSource());
const [gazetteer] = await Promise.all([data.gazetteer(), data.complete()]);
const { joined, unmatched, towns } = joinReference(readReference(TOWN_POINTS_CSV), gazetteer, data.hierarchy);

console.log(
  `Reference: ${TOWN_REFERENCE} (${TOWN_POINTS_CSV}); ${joined.length + unmatched.length} rows, ${joined.length} joined to one of the build's ${towns} towns, ${unmatched.length} not (no town of that name in that province, or more than one).`,
);
console.log(`all        ${formatFigure(figure(joined))}`);
for (const h of ['tune', 'held out'] as const) {
  console.log(`${h.padEnd(10)} ${formatFigure(figure(joined.filter((j) => townHalf(j) === h)))}`);
}
console.log(`to the second only: ${formatFigure(figure(joined.filter((j) => j.ref.precision === 'second')))}`);
for (const rule of [...new Set(joined.map((j) => j.town.pointSource))]) {
  console.log(`  rule ${rule.padEnd(10)} ${formatFigure(figure(joined.filter((j) => j.town.pointSource === rule)))}`);
}

if (process.argv.includes('--unmatched')) {
  for (const u of unmatched) console.log(`UNMATCHED ${u.ref.province} / ${u.ref.town} (${u.candidates} candidates)`);
}
if (process.argv.includes('--misses')) {
  // Where each point lies, by the service's own lookup: a reference point in a rural barangay of the town, or
  // outside it, says more about the reference than about our rules.
  const reverse = new ReverseGeocoder(data);
  const where = async ([lng, lat]: [number, number], town: string) => {
    const at = (await reverse.at(lng, lat)).data;
    if (at?.municity?.code !== town) return `outside the town (${at?.municity?.name ?? 'sea'})`;
    const unit = at.barangay && data.byCode.get(at.barangay.code);
    return `${at.barangay?.name ?? '?'}${unit?.poblacion ? ' [pob]' : ''}`;
  };
  const all = process.argv.includes('--all');
  for (const j of joined.filter((j) => j.km > 2 && (all || townHalf(j) === 'tune')).sort((a, b) => b.km - a.km)) {
    const ours = await where(j.town.point!, j.town.code);
    const theirs = await where([j.ref.lng, j.ref.lat], j.town.code);
    console.log(
      `${j.km.toFixed(1).padStart(6)} km ${j.town.code} ${j.town.name} (${j.ref.province}) rule ${j.town.pointSource}; ours ${j.town.point![1].toFixed(5)},${j.town.point![0].toFixed(5)} in ${ours}; theirs ${j.ref.lat},${j.ref.lng} (${j.ref.precision}) in ${theirs}`,
    );
  }
}
