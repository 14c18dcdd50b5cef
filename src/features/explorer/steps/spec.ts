import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import type { BarangayCollection } from '../../../api/municities.ts';
import type { TownCollection } from '../../../api/provinces.ts';
import type { DetailLevel, MunicityDetail, MunicityListItem, Province, Region } from '../../../contract/types.ts';
import type { Bounds } from '../../../map/bounds.ts';
import type { StepKindName } from '../../../ui/place-figures.ts';
import type { Figured } from '../choropleth.ts';
import type { DownloadUnit } from '../downloads.ts';
import type { STEPS, StepKind } from './steps.ts';

/** The type of a kind's own place's id, as its spec declares it (`StepSpec`'s `Id`); never at the country. */
type IdOfKind<K extends StepKind> = (typeof STEPS)[K] extends StepSpec<infer _L, infer Id> ? Id : never;

/**
 * The ids a step holds of the places chosen down to it, by the view's key (and the link's) of each kind's place:
 * one per kind in the steps' table that has a place (each spec's `Id`; a kind's view key is its kind). A region's
 * is the API's id (numeric 13, or a string id), a province's too (7022 for Cebu), a town's a number (1380600 for
 * Manila).
 */
export type PlaceIds = { [K in StepKind as [IdOfKind<K>] extends [never] ? never : K]: IdOfKind<K> };

/** The view's keys that name a step's own place. */
export type StepPlaceKey = keyof PlaceIds;

// The kinds are the steps table's (each lists and draws the units of the next; a barangay is chosen within its
// town's step).
export type { StepKind } from './steps.ts';

/**
 * Where the explorer stands: the one model of "which step am I on" that the layers, the choropleth, the panel
 * and the URL read. It holds the ids chosen down to it (a province step holds its region's too), the step above
 * it, what its units are and the detail they are drawn at.
 */
export interface Step extends Partial<PlaceIds> {
  kind: StepKind;
  /** One step, whatever else the URL holds: `country`, `region:7`, `province:7022`, `municity:702214`. */
  key: string;
  /** The step above (the way back up); none at the country. */
  parent?: Step;
  /** At a town, the barangay chosen in it (its PSGC code). */
  barangay?: string;
  /** At the country, the region PSGC codes drawn together (the batch view). */
  batch?: string[];
  /** What its units are: "cities and municipalities". */
  units: string;
  /** The detail the link fixes; absent, it follows the zoom. */
  level?: DetailLevel;
  /** The detail its units are drawn at: the one the link fixes, else the one the zoom calls for. */
  detail: DetailLevel;
}

type Collection = FeatureCollection<Geometry | null>;
type Outlines = FeatureCollection<Polygon | MultiPolygon | null, { code: string }>;

/** What the camera fits, once per `key`: a box, or the box around a collection (undefined while it loads). */
export interface FitTarget {
  key: string;
  shapes: Bounds | Collection | undefined;
}

/** The boundaries the map has loaded for a view (`data` of its queries), and the step's own region and town. */
export interface LoadedShapes {
  /** The step's region among the regions (at and below the region step). */
  region?: Feature<Geometry | null>;
  /** The step's town among its province's towns (at a town step). */
  town?: Feature<Geometry | null>;
  towns?: Collection;
  barangays?: Collection;
  batch?: Collection;
}

/** The boundary answers the map reads for a step (map-data.ts), by what they hold. */
export interface DrawnAnswers {
  regions?: Collection;
  batch?: Collection;
  /** A region's towns, tagged with their province (region-towns.ts). */
  regionTowns?: Collection;
  province?: { data: Province; geojson: TownCollection };
  town?: { data: MunicityDetail; geojson: BarangayCollection };
  /** The step's region among the regions. */
  regionFeature?: Feature<Geometry | null, { name?: unknown }>;
}

/** The sources the map draws a step's units in, beyond the regions (drawn at every step). */
export type StepSource = 'batch' | 'regionTowns' | 'towns' | 'barangays';

/** The lists a step's units come from (unit-list.ts asks for those a step names). */
export interface ListAnswers {
  regions?: Region[];
  provinces?: Province[];
  /** A province's towns, all at once (asked for by the province's name). */
  towns?: MunicityListItem[];
  town?: { data: MunicityDetail; geojson: BarangayCollection };
}

/** The outlines a download of a step's units reads (use-step-units.ts asks for those a step names). */
export interface OutlineAnswers {
  /** Every region's outline. */
  regionShapes?: Outlines;
  /** The regions drawn together. */
  batchShapes?: Outlines;
  /** Provinces' own outlines, by the codes `outlineCodes` gives. */
  provinceOutlines?: Outlines;
  /** A province's towns. */
  townShapes?: TownCollection;
}

/** Where a step's units are drawn, and the property of their features that names the unit. */
export type Drawn = { fill: FillLayerSpecification; line?: LineLayerSpecification; property: string };

/**
 * One kind of step, declared once: what it is called, what its units are and where they come from, what the map
 * draws them in and what the camera fits (which step comes below is the next in `STEPS`). `L` is what its units'
 * list holds, `Id` the type of its own place's id (none at the country, the top). A module that needs to know
 * something of a step asks its spec (`specOf`), never its kind.
 */
export interface StepSpec<L = unknown, Id extends string | number = never> {
  kind: StepKind;
  /** What the step is called while its name loads. */
  name: string;
  /** What its units are, in the panel's words. */
  units: string;
  /**
   * What other features are told the step is (`StepPlace.kind`, ui/place-figures.ts): a user's table is drawn
   * and worded at it as at a step of that kind. Its own kind, or the one it draws like.
   */
  toldAs: StepKindName;
  /**
   * The view's key (and the link's) its own place's id goes in, which the step above sets for a unit picked; none
   * at the country, the top.
   */
  viewKey?: StepPlaceKey;
  /** Its place's id as a link or a list gives it as text; undefined where that names none. The text, if absent. */
  idOf?(text: string): Id | undefined;
  /**
   * Its place's id where a view leaves it out but names a place below it, for a kind that is no PSGC level: views
   * made elsewhere (the search, a click on a place around, the comparison, a link written before the kind was)
   * name only regions, provinces and towns. A view may then leave it out (view.ts) and a click on a place below
   * names that place alone (step.ts, `openingOf`).
   */
  impliedBy?(view: Partial<PlaceIds>): Id | undefined;
  /**
   * Its place's name, for a kind that names it from its own data rather than as a PSGC `place` (crumbs.ts);
   * undefined while unknown.
   */
  nameOf?(step: Step): string | undefined;
  /**
   * The PSGC level of its own place, none at the country: its name is the place's (crumbs.ts), the places around
   * it are those around that place (context.ts), and a download of its units takes the land no barangay covers
   * in it.
   */
  place?: 'region' | 'province' | 'municity';
  /** The lists its units come from, asked for while they are wanted. */
  lists: (keyof ListAnswers)[];
  /** Its units as the lists give them; undefined until they have come. */
  list(step: Step, answers: ListAnswers): L | undefined;
  /** Each unit with its figures, keyed by the feature property its layer names it by (`drawn.property`). */
  figured(list: L): { key: string; unit: Figured }[];
  /** The outlines a download of its units reads. */
  outlines(step: Step): (keyof OutlineAnswers)[];
  /** The provinces whose own outlines a download reads (by PSGC code). */
  outlineCodes?(list: L): string[];
  /** Its units as a download holds them; undefined while an outline they need loads. */
  download(step: Step, list: L, outlines: OutlineAnswers): DownloadUnit[] | undefined;
  /** The layers its units are drawn in (the regions drawn together have their own). */
  drawn(step: Step): Drawn;
  /** The sources its units fill (the rest stay empty). */
  fills(step: Step): StepSource[];
  /** Its own units as the map draws them: undefined while they load, "drawn" once the map has gone idle after. */
  own(step: Step, answers: DrawnAnswers): Collection | undefined;
  /**
   * The key it is told drawn by, once the map has gone idle after its own units (ui-store's `townDrawn`: the
   * province's towns wait for it to move to the step's detail); none where nothing waits.
   */
  drawnKey?(step: Step): string;
  /** What the camera fits at it. */
  fit(step: Step, shapes: LoadedShapes): FitTarget;
  /** Its own place, by name, where that has no boundary at all; undefined where it has one or while it loads. */
  unbounded(answers: DrawnAnswers): string | undefined;
}

/** An answer that has come and draws nothing: none of its features has a boundary. */
export const unboundedAnswer = (answer: { geojson: { features: { geometry: unknown }[] } } | undefined) =>
  !!answer && !answer.geojson.features.some((f) => f.geometry);
