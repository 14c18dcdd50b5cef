/**
 * Rebuilds the real-address evaluation sets that `bench:geocode` and `bench:match` read (docs/geocoding.md,
 * "Measuring it") from the public repositories they come from, each read at a pinned commit:
 *
 *   node --import tsx scripts/build-eval-sets.ts SOURCES [OUT]
 *
 * SOURCES is a folder with one git clone (or bare git directory) per repository below, named `owner+name`
 * (`git clone https://github.com/jbaquino3/phil-nhfr SOURCES/jbaquino3+phil-nhfr`, and so on). OUT (by default
 * ../shared/eval beside the checkout, where the benchmarks look) receives addresses.csv, gps-addresses.csv and a
 * README.md naming the commits read and the licences. The repositories the names' lines come from
 * (scripts/eval-names.ts) are optional under SOURCES: each one there must hold its lines word for word at the
 * commit named. Nothing here goes to the network.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { NAME_CASES } from './eval-names.ts';
import { half } from './eval-set.ts';

interface Source {
  repo: string;
  commit: string;
  licence: string;
}
const NHFR: Source = {
  repo: 'jbaquino3/phil-nhfr',
  commit: '6396e779a2142e1dab2f5bff6525439e486990e3',
  licence: 'ISC (the package); the data is the Department of Health’s National Health Facility Registry',
};
/**
 * The regions of the registry the set was first built from: the repository's files under 4 MiB (the larger
 * regions were not in the copy read then). zamboanga.json is a byte-for-byte copy of eastern-visayas.json.
 */
const NHFR_REGIONS = ['barmm', 'cagayan', 'caraga', 'cordillera', 'davao', 'eastern-visayas', 'ilocos']
  .concat(['mimaropa', 'ncr', 'northern-mindanao', 'soccsksargen'])
  .map((r) => `db/${r}.json`);

const OSM = 'ODbL 1.0, © OpenStreetMap contributors';
const NONE = 'none stated';
const GPS = {
  amesco: { repo: 'ivanlelis-27/amesco-plus', commit: '5d5a036e5c999156310da86e3fbb473dd1b1dbf0', licence: NONE },
  rockos: { repo: 'Github-Projects2022/Rocko-s', commit: '4c736e2de37b8181ddbc3ae856627be5300a6472', licence: NONE },
  starbucks: {
    repo: 'gavindizon/gavindizon.github.io',
    commit: '4caf87f88792a329f2b14612c29d1645b5aec415',
    licence: NONE,
  },
  barvid: { repo: 'gabbygab1233/Barvid19', commit: 'ced7b71759fc563cda135c3672ee301b325ee950', licence: NONE },
  carmona: {
    repo: 'derick0402/thesisbangscommunity',
    commit: '08f9e159c1fd195970084846b909a95e73198114',
    licence: NONE,
  },
  laguna: {
    repo: 'moribaleta/evacuation-center-management-tool',
    commit: 'cc88574583d660af48ca4855cf5d5272ad4ac1b6',
    licence: 'MIT',
  },
  osm2019: { repo: 'seav/leaflet-workshop', commit: '6f03b02e70083bd526c9234bfd25e35101f82c71', licence: OSM },
  osm2016: { repo: 'seav/leaflet-x-turf', commit: '311cba2f7bc59859c96cc1dde030f970c9baeefb', licence: OSM },
} satisfies Record<string, Source>;

/**
 * Place names with a point: simplemaps' World Cities Database (basic, CC BY 4.0, https://simplemaps.com/data/world-cities),
 * its Philippine rows, as a copy committed in a public repository. Its admin_name is the province (or, for a
 * highly urbanized city, the city itself), so "city, admin_name" is a place named as "Name, Province".
 */
const PLACES: Source = {
  repo: 'Rachvik-AtomicBytes/RuralCare',
  commit: '8f4c3133e794903f0541c82e621e64e27b2f8c20',
  licence: 'CC BY 4.0, simplemaps.com World Cities Database (basic)',
};

const [sourcesArg, outArg] = process.argv.slice(2);
if (!sourcesArg) {
  console.error('usage: node --import tsx scripts/build-eval-sets.ts SOURCES [OUT]');
  process.exit(2);
}
const sources = path.resolve(sourcesArg);
const out = path.resolve(outArg ?? path.join(import.meta.dirname, '../../shared/eval'));

/** The clone (or bare git directory) of a source under SOURCES, if there is one. */
function gitDirOf(source: Source): string | undefined {
  const dir = path.join(sources, source.repo.replace('/', '+'));
  return [path.join(dir, 'repo', '.git'), path.join(dir, 'repo'), path.join(dir, '.git'), dir].find((d) =>
    fs.existsSync(path.join(d, 'HEAD')),
  );
}

/** A file of a source at its pinned commit, from a clone or a bare git directory under SOURCES. */
function read(source: Source, file: string): string {
  const gitDir = gitDirOf(source);
  if (!gitDir) throw new Error(`No git directory for ${source.repo} under ${sources}`);
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${source.commit}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 1 << 27,
  });
}

/**
 * The first array or object literal after `marker` in a JavaScript file, as data: the files are JSON but for a
 * `var x =` in front and trailing commas. Read, never run.
 */
function literal<T>(text: string, marker = ''): T {
  const start = text.slice(text.indexOf(marker) + marker.length).search(/[[{]/) + text.indexOf(marker) + marker.length;
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"') quote = ch;
    else if (ch === '[' || ch === '{') depth++;
    else if ((ch === ']' || ch === '}') && --depth === 0) {
      return JSON.parse(text.slice(start, i + 1).replace(/,(\s*[\]}])/g, '$1'));
    }
  }
  throw new Error(`No literal after ${marker}`);
}

/** Whitespace as one space; the registry's `&amp;` as `&`. */
const clean = (value: unknown) =>
  String(value ?? '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

// Health facilities: the staff's street and building, then the registry's barangay, town and province names.
type Facility = Record<string, string | number | null>;
const PLACEHOLDER = /^(N\/?A|NONE|NOT APPLICABLE|-+|\.+|0)$/i;
const health: { id: string; address: string; town_psgc: string; barangay_psgc: string }[] = [];
const seenIds = new Set<string>();
const seenAddresses = new Set<string>();
for (const file of NHFR_REGIONS) {
  for (const f of JSON.parse(read(NHFR, file)) as Facility[]) {
    const id = `nhfr-${f['Health Facility Code']}`;
    if (seenIds.has(id)) continue;
    seenIds.add(id);
    const typed = [f['Street Name and #'], f['Building name and #']]
      .map(clean)
      .filter((s) => s && !PLACEHOLDER.test(s));
    if (!typed.length) continue;
    const address = [...typed, ...[f['Barangay Name'], f['City/Municipality Name'], f['Province Name']].map(clean)]
      .filter(Boolean)
      .join(', ');
    // The same words for two facilities (a clinic and the health station beside it) would be counted twice.
    if (seenAddresses.has(address)) continue;
    seenAddresses.add(address);
    // Some town codes lost their last digit in the export (113070000 for 1130700000).
    const town = String(f['City/Municipality PSGC']).padEnd(10, '0');
    health.push({ id, address, town_psgc: town, barangay_psgc: f['Barangay PSGC'] ? String(f['Barangay PSGC']) : '' });
  }
}

// Addresses with a point: typed whole by people (store locators, hospital and evacuation lists), then assembled
// from OpenStreetMap's address fields.
const gps: { id: string; address: string; lat: number; lng: number }[] = [];
const gpsSeen = new Set<string>();
const rowsFrom = new Map<Source, number>();
/** A row, unless its words are those of a row before (the same query twice would count twice). */
function add(source: Source, id: string, address: string, lat: unknown, lng: unknown) {
  const a = clean(address).replace(/\s*,(\s*,)+/g, ',');
  const [y, x] = [Number(lat), Number(lng)];
  if (!a || !Number.isFinite(y) || !Number.isFinite(x) || gpsSeen.has(a)) return;
  gpsSeen.add(a);
  gps.push({ id, address: a, lat: y, lng: x });
  rowsFrom.set(source, (rowsFrom.get(source) ?? 0) + 1);
}

const amesco = read(GPS.amesco, 'amesco-plus/src/app/data/branches.data.ts');
for (const [i, m] of [
  ...amesco.matchAll(/address:\s*'((?:[^'\\]|\\.)*)'[\s\S]*?lat:\s*([\d.-]+),\s*lng:\s*([\d.-]+)/g),
].entries()) {
  add(GPS.amesco, `amesco-${i + 1}`, m[1].replace(/\\'/g, "'"), m[2], m[3]);
}
type Rocko = { address: string; coordinates: { latitude: number; longitude: number } };
for (const [i, r] of literal<Rocko[]>(read(GPS.rockos, 'assets/js/store-data.json')).entries()) {
  add(GPS.rockos, `rockos-${i + 1}`, r.address, r.coordinates.latitude, r.coordinates.longitude);
}
type Starbucks = { store: { id: string; address: Record<string, string | null>; coordinates: Record<string, number> } };
for (const { store } of literal<Starbucks[]>(read(GPS.starbucks, 'applications/GoogleMaps/js/store-ph.js'))) {
  const { streetAddressLine1: l1, streetAddressLine2: l2, streetAddressLine3: l3, city } = store.address;
  add(
    GPS.starbucks,
    `starbucks-${store.id}`,
    [l1, l2, l3, city].filter(Boolean).join(', '),
    store.coordinates.latitude,
    store.coordinates.longitude,
  );
}
type Feature = { properties: Record<string, string>; geometry: { type: string; coordinates: number[] } };
for (const file of ['hospitals.js', 'testingcenter.js', 'quarantine_facilities.js']) {
  for (const [i, f] of literal<{ features: Feature[] }>(read(GPS.barvid, file)).features.entries()) {
    add(
      GPS.barvid,
      `barvid-${file.replace('.js', '')}-${i + 1}`,
      f.properties.Address,
      f.geometry.coordinates[1],
      f.geometry.coordinates[0],
    );
  }
}
// The list is Carmona's own: its rows name the street and barangay only, so the town and province are added.
type Evacuation = { Location: string; latlng: [number, number] };
for (const [i, e] of literal<Evacuation[]>(read(GPS.carmona, 'assets/js/evacuation_list.js')).entries()) {
  add(GPS.carmona, `carmona-${i + 1}`, `${e.Location}, Carmona, Cavite`, e.latlng[0], e.latlng[1]);
}
type Centre = { id: string; exact_address: string; location: { lat: string; lng: string } };
for (const c of literal<Centre[]>(read(GPS.laguna, 'MOABC/moabc/evacuations.js'), 'evacs')) {
  add(GPS.laguna, `laguna-${c.id}`, c.exact_address.replace(/\n+/g, ', '), c.location.lat, c.location.lng);
}

/** number street (corner …), building, place, district, city, province: as a Filipino address is written. */
function osmAddress(p: Record<string, string>): string | null {
  const street = [p['addr:housenumber'], p['addr:street']].filter(Boolean).join(' ');
  const corner = p['addr:street:corner'] ? `corner ${p['addr:street:corner']}` : '';
  const parts = [[street, corner].filter(Boolean).join(' '), p['addr:housename'], p['addr:place'], p['addr:village']];
  const local = parts.concat(p['addr:district'], p['addr:suburb']).filter(Boolean);
  // Only a town named is a query for the town alone, which the generated set already asks.
  if (!local.length || !(p['addr:city'] || p['addr:province'])) return null;
  return [...local, p['addr:city'], p['addr:province']].filter(Boolean).join(', ');
}
const osmIds = new Set<string>();
for (const source of [GPS.osm2019, GPS.osm2016]) {
  for (const f of literal<{ features: Feature[] }>(read(source, 'data/jollibee.js')).features) {
    const osmId = f.properties['@id'];
    const address = osmAddress(f.properties);
    if (osmIds.has(osmId) || !address || f.geometry.type !== 'Point') continue;
    osmIds.add(osmId);
    add(source, `osm-${osmId}`, address, f.geometry.coordinates[1], f.geometry.coordinates[0]);
  }
}

// Place names with a point, queried as "Name, Province" (bench:geocode's place-name figure)
const places: { id: string; name: string; province: string; lat: number; lng: number }[] = [];
for (const r of Papa.parse<Record<string, string>>(read(PLACES, 'worldcities.csv'), {
  header: true,
  skipEmptyLines: true,
}).data) {
  if (r.iso2 !== 'PH') continue;
  places.push({
    id: `simplemaps-${r.id}`,
    name: clean(r.city),
    province: clean(r.admin_name),
    lat: Number(r.latitude),
    lng: Number(r.longitude),
  });
}

// Names as people write them: lines found in public repositories, the answer read by hand. A line with a
// source is checked against it when SOURCES holds that repository: its words must be in the file at the commit.
const names = NAME_CASES.map(({ source, ...c }, i) => ({
  id: `names-${i + 1}`,
  ...c,
  repo: source?.repo ?? '',
  commit: source?.commit ?? '',
  path: source?.path ?? '',
  licence: source?.licence ?? '',
}));
const nameFiles = new Map<string, string | null>();
let namesChecked = 0;
for (const { address, source } of NAME_CASES) {
  if (!source) continue;
  const key = `${source.repo}@${source.commit}:${source.path}`;
  if (!nameFiles.has(key)) {
    // The names' repositories are optional under SOURCES: one that is there must hold the file at the commit
    nameFiles.set(key, gitDirOf(source) ? read(source, source.path).replace(/\s+/g, ' ') : null);
  }
  const text = nameFiles.get(key);
  if (text == null) continue;
  if (!text.includes(address.replace(/\s+/g, ' '))) throw new Error(`"${address}" is not in ${key}`);
  namesChecked++;
}
const nameRepos = [
  ...new Map(NAME_CASES.flatMap((c) => (c.source ? [[c.source.repo, c.source] as const] : []))).values(),
];
const withSource = NAME_CASES.filter((c) => c.source).length;

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'places.csv'), `${Papa.unparse(places)}\n`);
fs.writeFileSync(path.join(out, 'names-addresses.csv'), `${Papa.unparse(names)}\n`);
fs.writeFileSync(path.join(out, 'addresses.csv'), `${Papa.unparse(health)}\n`);
fs.writeFileSync(path.join(out, 'gps-addresses.csv'), `${Papa.unparse(gps)}\n`);
const tune = health.filter((r) => half(r.id) === 'tune').length;
const lines = [
  '# Real-address evaluation sets',
  '',
  'Built by `scripts/build-eval-sets.ts` of the Kapuluan repository; docs/geocoding.md ("Measuring it") says',
  'how the benchmarks use them. Each source was read at the commit named here.',
  '',
  `- addresses.csv: ${health.length} rows (${health.filter((r) => r.barangay_psgc).length} with a barangay; tune ${tune}, held out ${health.length - tune}) from ${NHFR.repo} @ ${NHFR.commit}, ${NHFR_REGIONS.join(', ')}. Licence: ${NHFR.licence}.`,
  `- gps-addresses.csv: ${gps.length} rows.`,
  ...Object.values(GPS).map((s) => `  - ${s.repo} @ ${s.commit}: ${rowsFrom.get(s) ?? 0} rows; licence: ${s.licence}.`),
  '',
  `Rows whose id starts with \`osm-\`: ${OSM} (https://www.openstreetmap.org/copyright), extracts made with`,
  'overpass and published by their authors; the address is assembled here from the addr:* tags.',
  '',
  `- places.csv: ${places.length} Philippine place names with a point (tune ${places.filter((p) => half(p.id) === 'tune').length}), from ${PLACES.repo} @ ${PLACES.commit}, worldcities.csv. Licence: ${PLACES.licence}.`,
  `- names-addresses.csv: ${names.length} addresses written by people that name places in the hard ways scripts/eval-names.ts lists (${[...new Set(names.map((n) => n.class))].map((c) => `${c} ${names.filter((n) => n.class === c).length}`).join(', ')}), copied as written; the answer read by hand (scripts/eval-names.ts). Column \`batch\`: ${names.filter((n) => n.batch === 'tuning').length} \`tuning\` (read while the geocoder's rules were written), ${names.filter((n) => n.batch === 'after').length} \`after\` (found afterwards and not run through the geocoder before the list was fixed; split by a hash of the id, held out ${names.filter((n) => n.batch === 'after' && half(n.id) === 'held out').length}). ${withSource} name their repository, commit and path (columns \`repo\`, \`commit\`, \`path\`, \`licence\`; ${namesChecked} checked word for word against the file in this build), the other ${names.length - withSource} only the file's id in the code-search index (column \`found\`; the index does not say which repository a file is in).`,
  ...nameRepos.map(
    (r) =>
      `  - ${r.repo} @ ${r.commit}: ${NAME_CASES.filter((c) => c.source?.repo === r.repo).length} lines; licence: ${r.licence}.`,
  ),
  '',
];
// The town-point references' lines, written by scripts/build-town-points.ts, stay.
const readme = path.join(out, 'README.md');
const townPoints = fs.existsSync(readme)
  ? fs
      .readFileSync(readme, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('- town-points.csv:') || l.startsWith('- town-seats.csv:'))
  : [];
lines.splice(lines.findLastIndex((l) => l.startsWith('  - ')) + 1, 0, ...townPoints);
fs.writeFileSync(readme, lines.join('\n'));
console.log(
  `${health.length} health-facility rows (tune ${tune}), ${gps.length} addresses with a point, ${places.length} place names and ${names.length} name cases, in ${out}`,
);
