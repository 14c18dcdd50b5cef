import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Position } from 'geojson';
import type { GazetteerEntry } from '../dataset/types.ts';
import { type Member, mainCluster, pointToShape } from './clusters.ts';
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
  population: number | null;
  poblacion: boolean;
  urban: boolean | null;
}

/**
 * Lower case, accents and ñ folded, spaces single (bare drops the parentheses too). Its own: pipeline/ shares only
 * the dataset's types, not contract/names.ts's foldName.
 */
const foldAccentsCaseAndSpaces = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const bare = (name: string) =>
  foldAccentsCaseAndSpaces(name)
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
  const folded = foldAccentsCaseAndSpaces(name);
  if (/\bpoblacion\b|\bpob\b/.test(folded) || /^centro\b/.test(folded)) return 0;
  const plain = bare(name);
  if (/^(barangay|brgy\.?|zone) (no\.? ?)?(1|i)$/.test(plain)) return 1;
  const key = townKey(town);
  if (key && (plain === key || plain === `${key} proper`)) return 2;
  return null;
}

/** The rule that places a town's point, and the barangays it places the point among. */
export interface TownCentre {
  rule: TownRule;
  /** The barangays the point lies in one of; empty for `label` (the whole territory). */
  cluster: Member[];
}

const member = (b: TownBarangay): Member => ({ code: b.code, shape: b.shape!, population: b.population });

/**
 * Which of a town's barangays make its town proper, by the first rule that finds any: the main cluster of
 * the barangays the code list flags as poblacion; else of those named as a town centre (the surest kind of
 * name found); else the most populous urban barangay; else none (`label`: the territory's label point).
 */
export function townCentre(town: string, barangays: TownBarangay[]): TownCentre {
  const drawn = barangays.filter((b) => b.shape);
  const flagged = drawn.filter((b) => b.poblacion);
  if (flagged.length) return { rule: 'poblacion', cluster: mainCluster(flagged.map(member)) };
  for (const rank of [0, 1, 2]) {
    const named = drawn.filter((b) => centreNameRank(b.name, town) === rank);
    if (named.length) return { rule: 'named', cluster: mainCluster(named.map(member)) };
  }
  const urban = drawn
    .filter((b) => b.urban)
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0) || (a.code < b.code ? -1 : 1));
  if (urban.length) return { rule: 'urban', cluster: [member(urban[0])] };
  return { rule: 'label', cluster: [] };
}

/**
 * A point inside one of the cluster's barangays, at the heart of the cluster: the label point of the part of
 * the cluster's union that holds the barangay nearest the cluster's centre (the mean of its barangays' label
 * points), when that point lies in a barangay of the cluster; else that barangay's own label point. A cluster of
 * touching barangays is one part, so its point is the middle of the whole town proper, not of one barangay.
 */
export function clusterPoint(cluster: Member[], union: Shape | undefined): [number, number] {
  const labels = cluster.map((m) => labelPoint(m.shape));
  if (cluster.length === 1) return labels[0];
  const centre: Position = [
    labels.reduce((s, p) => s + p[0], 0) / labels.length,
    labels.reduce((s, p) => s + p[1], 0) / labels.length,
  ];
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
