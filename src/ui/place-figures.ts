import { createContext, useContext } from 'react';
import type { DetailLevel } from '../contract/types.ts';

/** The levels a table of figures can be of, as the map draws them. */
export type PlaceLevel = 'region' | 'province' | 'town' | 'barangay';

/** The explorer's steps, by what they open: the country, a region, a province-level area, a town. */
export type StepKindName = 'country' | 'region' | 'province' | 'municity';

/**
 * Where the explorer stands, by PSGC codes: what a layer drawn for the step reads (the explorer's own step
 * holds the API's ids). A code is undefined while the step's data that gives it loads.
 */
export interface StepPlace {
  kind: StepKindName;
  /** One step, whatever else the URL holds (the explorer's step key). */
  key: string;
  region?: string;
  /** At a province or town step: the towns the province lists (a city that stands apart in it among them). */
  towns?: string[];
  town?: string;
  detail: DetailLevel;
}

/**
 * Figures per place from elsewhere than the code list (a user's own table), which the explorer shows beside
 * its own: in the facts, the lists and their sorting, and the downloads. The app puts the feature that reads
 * them and the explorer together through this context, since features never import each other.
 */
export interface PlaceFigures {
  /** The column's name, as the table writes it: "Housing_Units". */
  label: string;
  /** Where they come from: the file's name. */
  source: string;
  /** The level of the places they are figures of. */
  level: PlaceLevel;
  /**
   * A place's figure by its PSGC code: a number; null where its row has none (a blank, a dash, text); undefined
   * where the table has no row for it.
   */
  valueOf(code: string): number | null | undefined;
  /** A figure as the table writes it back: "12.5%", "1,234". */
  format(value: number): string;
  /** Whether the map draws them at a step of this kind (the step's own fills then give way to them). */
  drawnAt(kind: StepKindName): boolean;
}

export const PlaceFiguresContext = createContext<PlaceFigures | null>(null);

/** The figures a user added, or null. */
export const usePlaceFigures = () => useContext(PlaceFiguresContext);

/** What a place's figure says in words: the number, or why there is none. */
export function figureSaid(figures: PlaceFigures, code: string): string {
  const value = figures.valueOf(code);
  if (value === undefined) return 'not in your table';
  if (value === null) return 'no figure in your table';
  return figures.format(value);
}
