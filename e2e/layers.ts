import { LAYER as ADMIN_LAYER, SOURCE as ADMIN_SOURCE } from '../src/features/admin/layers.ts';
import { LAYER as EXPLORER_LAYER, SOURCE as EXPLORER_SOURCE } from '../src/features/explorer/layer-ids.ts';
import { LAYER as MATCH_LAYER, SOURCE as MATCH_SOURCE } from '../src/features/match/layers.ts';
import { YOUR_DATA } from '../src/features/your-data/layers.ts';

/**
 * The ids of the sources and layers the app adds to the map, gathered from the features that declare them (the
 * explorer, "Match a file" and the admin area; a user's figures: YOUR_DATA in features/your-data/layers.ts). The
 * tests ask the map for what it has drawn by these ids, never by ids retyped.
 */
export const SOURCE = { ...EXPLORER_SOURCE, ...MATCH_SOURCE, ...ADMIN_SOURCE } as const;
export const LAYER = { ...EXPLORER_LAYER, ...MATCH_LAYER, ...ADMIN_LAYER } as const;

// Gathered by spreading, a layer two features named alike would hide one of them: the map refuses such a pair too.
const ids = [EXPLORER_LAYER, MATCH_LAYER, ADMIN_LAYER].flatMap((layers) => Object.values<string>(layers));
ids.push(YOUR_DATA.fill, YOUR_DATA.line);
if (new Set(ids).size !== ids.length) throw new Error(`two features name a layer alike: ${ids.join(', ')}`);
