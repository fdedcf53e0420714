/**
 * The layer files the portal computes itself (`npm run layers:derive`, data/raw/derived/), each with
 * what it is computed from. Pages and exports say a layer on one of these files is derived, and
 * from what; derive-layers.ts writes them.
 */
export const DERIVED = {
  electricity: {
    file: 'derived/kenya-county-electricity-access-2019.geojson',
    from: 'KNBS 2019 census table 2.19 (main source of lighting), joined to the county outlines',
  },
  rainfall: {
    file: 'derived/kenya-county-rainfall-chirps-2015-2025.geojson',
    from: "WFP's monthly CHIRPS rainfall per county (yearly sums averaged over 2015-2025)",
  },
  ndvi: {
    file: 'derived/kenya-county-ndvi-modis-2015-2025.geojson',
    from: "WFP's monthly MODIS NDVI per county (averaged over 2015-2025)",
  },
  gemProjects: {
    file: 'derived/kenya-coal-gas-projects-gem-2022.geojson',
    from: "Global Energy Monitor's coal and gas plant units (Jan/Feb 2022), merged into one point per plant",
  },
} as const;

const BY_FILE = new Map<string, string>(Object.values(DERIVED).map(({ file, from }) => [file, from]));

/** What a layer file under data/raw was derived from, or null when it is a published file. */
export function derivedFrom(file: string): string | null {
  return BY_FILE.get(file) ?? null;
}
