/** Finding a feature the view names in the collections the map draws. */

/** The feature of a collection with this API id (the URL's ids are text; a region's may be a number). */
export const featureWithId = <F extends { properties: { id: number | string } }>(
  collection: { features: F[] } | undefined,
  id: number | string | undefined,
): F | undefined =>
  id === undefined ? undefined : collection?.features.find((f) => String(f.properties.id) === String(id));

/** The feature of a collection with this PSGC code (what the map's features are keyed by). */
export const featureWithCode = <F extends { properties: { code: string } }>(
  collection: { features: F[] } | undefined,
  code: string | undefined,
): F | undefined => (code === undefined ? undefined : collection?.features.find((f) => f.properties.code === code));
