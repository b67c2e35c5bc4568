/** File names of the offline basemap under /basemap/ (written by web/build/basemap-assets.ts). */
export const BASEMAP_FILES = {
  /** Land of world-atlas 1:50M, for the whole-country zooms. */
  landCoarse: 'land-50m.json',
  /** Land of world-atlas 1:10M: the coast within a few hundred metres at city zoom. */
  landFine: 'land-10m.json',
  boundaries: 'boundaries-50m.json',
} as const;

/** From this zoom on the 10m land replaces the 50m one. */
export const FINE_LAND_FROM_ZOOM = 5;
