/**
 * npm run bench:town-points — the built cities' and municipalities' points against the published town-point
 * references (scripts/town-points.ts): share within 2 km and median distance, in all, per half (by a hash of the
 * code) and per rule that placed the point, on each reference and on the towns where both agree. --misses lists
 * every town farther than 2 km on one reference (--ref geonames, the default; wikipedia; agreed), tune half only
 * unless --all, with its rule and both points, to look at by hand. Prints figures; asserts nothing.
 */
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { ReverseGeocoder } from '../src/service/geocode/reverse.ts';
import { TOWN_POINTS_CSV, TOWN_SEATS_CSV } from './eval-set.ts';
import {
  CHECKED_NAME,
  checkedDetail,
  checkSeats,
  figure,
  formatFigure,
  inTownBy,
  type Joined,
  joinReferences,
  TOWN_REFERENCES,
  townHalf,
} from './town-points.ts';

const data = await Dataset.load(diskDataSource());
const [gazetteer] = await Promise.all([data.gazetteer(), data.complete()]);
const joins = joinReferences(gazetteer, data.hierarchy, data.byCode);
const towns = gazetteer.filter((g) => g.level === 'City' || g.level === 'Mun').length;

const report = (name: keyof typeof TOWN_REFERENCES, joined: Joined[], detail: string) => {
  console.log(`\n${name}: ${TOWN_REFERENCES[name]}; ${detail}`);
  console.log(`  all        ${formatFigure(figure(joined))}`);
  for (const h of ['tune', 'held out'] as const) {
    console.log(`  ${h.padEnd(10)} ${formatFigure(figure(joined.filter((j) => townHalf(j) === h)))}`);
  }
  if (name !== 'agreed') {
    const fine = joined.filter((j) => j.ref.precision === 'second');
    const held = fine.filter((j) => townHalf(j) === 'held out');
    console.log(`  finer than the minute: ${formatFigure(figure(fine))}; held out ${formatFigure(figure(held))}`);
  }
  for (const rule of [...new Set(joined.map((j) => j.town.pointSource))]) {
    console.log(
      `    rule ${rule.padEnd(10)} ${formatFigure(figure(joined.filter((j) => j.town.pointSource === rule)))}`,
    );
  }
};
const detail = (file: string, j: { joined: Joined[]; unmatched: unknown[] }) =>
  `${file}; ${j.joined.length + j.unmatched.length} rows, ${j.joined.length} joined to one of the build's ${towns} towns, ${j.unmatched.length} not (no town found, more than one, or a second row for a town).`;
if (joins.geonames) report('geonames', joins.geonames.joined, detail(TOWN_SEATS_CSV, joins.geonames));
else console.log(`No GeoNames seats at ${TOWN_SEATS_CSV} (scripts/build-town-points.ts builds them).`);
if (joins.wikipedia) report('wikipedia', joins.wikipedia.joined, detail(TOWN_POINTS_CSV, joins.wikipedia));
else console.log(`No Wikipedia town points at ${TOWN_POINTS_CSV} (scripts/build-town-points.ts builds them).`);
if (joins.agreed) report('agreed', joins.agreed, `${joins.agreed.length} towns.`);
// The second check of GeoNames' seats (checkSeats): neither our points nor any tuning choose which seats stay.
const checked = joins.geonames && (await checkSeats(joins.geonames.joined, inTownBy(data, new ReverseGeocoder(data))));
if (checked) {
  console.log(`\nchecked: ${CHECKED_NAME}; of the ${joins.geonames!.joined.length} joined, ${checkedDetail(checked)}.`);
  console.log(`  all        ${formatFigure(figure(checked.kept))}`);
  for (const h of ['tune', 'held out'] as const)
    console.log(`  ${h.padEnd(10)} ${formatFigure(figure(checked.kept.filter((j) => townHalf(j) === h)))}`);
}

const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ref = (arg('--ref') ?? 'geonames') as keyof typeof TOWN_REFERENCES;
const chosen = ref === 'agreed' ? joins.agreed : joins[ref]?.joined;
if (process.argv.includes('--unmatched')) {
  const unmatched = ref === 'agreed' ? [] : (joins[ref]?.unmatched ?? []);
  for (const u of unmatched)
    console.log(`UNMATCHED ${u.ref.id} ${u.ref.province} / ${u.ref.town} (${u.candidates} candidates)`);
}
if (process.argv.includes('--misses') && chosen) {
  // Where each point lies, by the service's own lookup: a reference point in a rural barangay of the town, or
  // outside it, says more about the reference than about our rules.
  const reverse = new ReverseGeocoder(data);
  const where = async ([lng, lat]: [number, number], town: string) => {
    const at = await reverse.at(lng, lat);
    if (at?.town !== town) return `outside the town (${(at && data.byCode.get(at.town)?.name) ?? 'sea'})`;
    const unit = at.barangay ? data.byCode.get(at.barangay) : undefined;
    return `${unit?.name ?? '?'}${unit?.poblacion ? ' [pob]' : ''}`;
  };
  const all = process.argv.includes('--all');
  for (const j of chosen.filter((j) => j.km > 2 && (all || townHalf(j) === 'tune')).sort((a, b) => b.km - a.km)) {
    const ours = await where(j.town.point!, j.town.code);
    const theirs = await where([j.ref.lng, j.ref.lat], j.town.code);
    console.log(
      `${j.km.toFixed(1).padStart(6)} km ${j.town.code} ${j.town.name} (${j.ref.province || j.ref.id}) rule ${j.town.pointSource}; ours ${j.town.point![1].toFixed(5)},${j.town.point![0].toFixed(5)} in ${ours}; theirs ${j.ref.lat},${j.ref.lng} in ${theirs}`,
    );
  }
}
