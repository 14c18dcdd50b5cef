import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Position } from 'geojson';
import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import type { GazetteerEntry } from '../dataset/types.ts';
import { type Member, mainCluster, metresBetween, pointToShape } from './clusters.ts';
import type { Shape } from './geometry.ts';
import { labelPoint } from './label-point.ts';

/** The rules that place a city's or municipality's point, in the order they are tried. */
export const TOWN_RULES = ['poblacion', 'named', 'urban', 'label'] as const satisfies GazetteerEntry['pointSource'][];
export type TownRule = (typeof TOWN_RULES)[number];

/** A barangay of the town, as the rules see it. */
export interface TownBarangay {
  code: string;
  name: string;
  /** Its polygon at `detailed`; a barangay without one is never chosen. */
  shape: Shape | undefined;
  /** Its count in the 2020 census, whose urban and rural classes the rules read (gazetteer.ts). */
  population: number | null;
  poblacion: boolean;
  urban: boolean | null;
}

/** A name with case, accents, ñ and spacing folded and its parentheses dropped. */
const bare = (name: string) =>
  foldCaseSpacesAndMarks(name)
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "City of Tagum", "Quezon City", "Pres. Roxas (Capiz)" → the name a barangay would share. */
const townKey = (town: string) =>
  bare(town)
    .replace(/^city of /, '')
    .replace(/ city$/, '');

/**
 * Whether a barangay's name says it is the town centre, and how surely (0 surest), or null. 0: Poblacion in any
 * form ("Poblacion East", "Zone 1 Pob.", "Santo Niño (Pob.)", Población) or Centro ("Centro 1", "Centro Norte";
 * "Mangali Centro" is another village's centre, not the town's); 1: Barangay 1, Barangay I, Barangay No. 1,
 * Zone 1; 2: the town's own name ("Tinoc" in Tinoc, "Mayoyao Proper").
 */
export function centreNameRank(name: string, town: string): 0 | 1 | 2 | null {
  const folded = foldCaseSpacesAndMarks(name);
  if (/\bpoblacion\b|\bpob\b/.test(folded) || /^centro\b/.test(folded)) return 0;
  const plain = bare(name);
  if (/^(barangay|brgy\.?|zone) (no\.? ?)?(1|i)$/.test(plain)) return 1;
  const key = townKey(town);
  if (key && (plain === key || plain === `${key} proper`)) return 2;
  return null;
}

/**
 * Barangays named by a number alone, as a town proper's quarters are ("Barangay 13", "District IV", "Zone 2",
 * "Ward 3-A"): Tingloy's Barangay 13 to 16, Cuyapo's District I to VIII, Tacloban's downtown Barangay 2 to 110.
 */
const NUMBERED = /^(barangay|brgy\.?|zone|district|ward) (no\.? ?)?(\d+|[ivx]+)(-?[a-z])?$/;
export const isNumbered = (name: string) => NUMBERED.test(bare(name));

/** The rule that places a town's point, and the barangays it places the point among. */
export interface TownCentre {
  rule: TownRule;
  /** The barangays the point lies in one of; empty for `label` (the whole territory). */
  cluster: Member[];
}

const member = (b: TownBarangay): Member => ({ code: b.code, shape: b.shape!, population: b.population });

/**
 * Which of a town's barangays make its town proper, by the first rule that finds any: the main cluster of
 * the barangays the code list flags as poblacion, with those named Poblacion or Centro beside them; else of
 * those named as a town centre (the surest kind of name found), or of two or more named by a number alone;
 * else the main cluster of the densest quarter of its urban barangays (`urban`); else none (`label`: the
 * territory's label point).
 */
export function townCentre(town: string, barangays: TownBarangay[]): TownCentre {
  const drawn = barangays.filter((b) => b.shape);
  const flagged = drawn.filter((b) => b.poblacion);
  if (flagged.length) {
    // The list flags some towns' poblacion only in part: Guiuan's Poblacion Ward 1 to 12 are not flagged, Lupok
    // beside them is. Barangays named Poblacion or Centro join the flagged ones, and the main cluster decides.
    const named = drawn.filter((b) => !b.poblacion && centreNameRank(b.name, town) === 0);
    return { rule: 'poblacion', cluster: mainCluster([...flagged, ...named].map(member)) };
  }
  for (const rank of [0, 1, 2]) {
    const named = drawn.filter((b) => centreNameRank(b.name, town) === rank);
    if (named.length) return { rule: 'named', cluster: mainCluster(named.map(member)) };
  }
  const numbered = drawn.filter((b) => isNumbered(b.name));
  if (numbered.length >= 2) return { rule: 'named', cluster: mainCluster(numbered.map(member)) };
  // A city without a poblacion (Baguio, Olongapo): its downtown is where the urban barangays are small and
  // crowded, not its most populous barangay, which is often a large one at its edge (Baguio's Irisan).
  const density = (b: TownBarangay) => (b.population ?? 0) / (planarArea(b.shape!) || Number.MIN_VALUE);
  const urban = drawn.filter((b) => b.urban).sort((a, b) => density(b) - density(a) || (a.code < b.code ? -1 : 1));
  if (urban.length)
    return { rule: 'urban', cluster: mainCluster(urban.slice(0, Math.ceil(urban.length / 4)).map(member)) };
  return { rule: 'label', cluster: [] };
}

/** Vertices closer than this (degrees, about 10 cm) are one: the build snaps the barangays' shared borders. */
const VERTEX_GRID = 1e-6;
/** How far into a barangay from the corner where the town proper's barangays meet its point is put, in metres. */
const INTO_BARANGAY_METRES = 25;

/**
 * Where three or more of the cluster's barangays meet: a town proper split into several poblacion barangays
 * (Poblacion I–IV, Zone 1–6, East and West) divides it at its plaza, where the town hall and church stand, so
 * the corner they share is the town's centre, while the middle of their union can lie kilometres out when one of
 * them runs long into the countryside (Antipolo's San Jose). The corner shared by the most of them, the one
 * nearest the cluster's centre among equals; the point returned lies 25 m inside the smallest barangay there, so
 * it falls in one barangay, not on a border. Null when no three meet.
 */
export function junctionPoint(cluster: Member[], centre: Position): [number, number] | null {
  const meeting = new Map<string, Set<number>>();
  cluster.forEach((m, i) => {
    const parts = m.shape.type === 'Polygon' ? [m.shape.coordinates] : m.shape.coordinates;
    for (const ring of parts.flat()) {
      for (const [lng, lat] of ring) {
        const key = `${Math.round(lng / VERTEX_GRID)},${Math.round(lat / VERTEX_GRID)}`;
        const at = meeting.get(key) ?? new Set<number>();
        at.add(i);
        meeting.set(key, at);
      }
    }
  });
  let best: { key: string; members: Set<number>; d: number } | null = null;
  for (const [key, members] of meeting) {
    if (members.size < 3) continue;
    const [x, y] = key.split(',').map((n) => Number(n) * VERTEX_GRID);
    const d = (x - centre[0]) ** 2 + (y - centre[1]) ** 2;
    if (!best || members.size > best.members.size || (members.size === best.members.size && d < best.d))
      best = { key, members, d };
  }
  if (!best) return null;
  const corner = best.key.split(',').map((n) => Number(n) * VERTEX_GRID) as [number, number];
  const smallest = [...best.members].sort(
    (a, b) =>
      planarArea(cluster[a].shape) - planarArea(cluster[b].shape) || (cluster[a].code < cluster[b].code ? -1 : 1),
  )[0];
  const shape = cluster[smallest].shape;
  const label = labelPoint(shape);
  const far = metresBetween(corner, label);
  const t = far > 0 ? Math.min(0.5, INTO_BARANGAY_METRES / far) : 0;
  const point: [number, number] = [
    round5(corner[0] + (label[0] - corner[0]) * t),
    round5(corner[1] + (label[1] - corner[1]) * t),
  ];
  return booleanPointInPolygon(point, shape, { ignoreBoundary: true }) ? point : label;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** A shape's area in square degrees: within one town, enough to say which barangay is the smaller. */
function planarArea(shape: Shape): number {
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let area = 0;
  for (const polygon of parts) {
    polygon.forEach((ring, r) => {
      let a = 0;
      for (let i = 1; i < ring.length; i++) a += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
      area += r === 0 ? Math.abs(a) / 2 : -Math.abs(a) / 2;
    });
  }
  return area;
}

/**
 * A point inside one of the cluster's barangays, at the heart of the cluster: where three or more of them meet
 * (junctionPoint), else the label point of the part of the cluster's union that holds the barangay nearest the
 * cluster's centre (the mean of its barangays' label points), when that point lies in a barangay of the
 * cluster; else that barangay's own label point. A cluster of touching barangays is one part, so its point is
 * the middle of the whole town proper, not of one barangay.
 */
export function clusterPoint(cluster: Member[], union: Shape | undefined): [number, number] {
  const labels = cluster.map((m) => labelPoint(m.shape));
  if (cluster.length === 1) return labels[0];
  const centre: Position = [
    labels.reduce((s, p) => s + p[0], 0) / labels.length,
    labels.reduce((s, p) => s + p[1], 0) / labels.length,
  ];
  const junction = junctionPoint(cluster, centre);
  if (junction) return junction;
  const squared = (p: Position) => (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2;
  let nearest = 0;
  let nearestDistance = Infinity;
  cluster.forEach((m, i) => {
    const d = pointToShape(centre, m.shape);
    if (d < nearestDistance || (d === nearestDistance && squared(labels[i]) < squared(labels[nearest]))) {
      nearest = i;
      nearestDistance = d;
    }
  });
  if (union) {
    const parts = union.type === 'Polygon' ? [union.coordinates] : union.coordinates;
    const part = parts.find((coordinates) => booleanPointInPolygon(labels[nearest], { type: 'Polygon', coordinates }));
    const point = part && labelPoint({ type: 'Polygon', coordinates: part });
    if (point && cluster.some((m) => booleanPointInPolygon(point, m.shape))) return point;
  }
  return labels[nearest];
}
