import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { LayerSummarySchema } from '@portal/contract/catalog';
import { LayerValueSchema, PointFeaturesSchema, WmsResponseSchema } from '@portal/contract/layers';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { RAW_DIR } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { buildTestApp, type TestApp } from './test-server.ts';

// What a layer holds under a point (the map's click) and a point layer's features (its markers).
const layersFile = JSON.parse(readFileSync(join(RAW_DIR, '../catalog/layers.json'), 'utf8')) as {
  name: string;
  file: string;
}[];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`values and points of map layers on ${dialect}`, () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await buildTestApp(dialect);
    });
    afterAll(async () => {
      await server.close();
    });

    it('gives the value of a raster and the feature of a vector layer under a point', async () => {
      const nairobi = { lat: -1.29, lon: 36.82 };
      const elevation = await getJson(
        server,
        `${API.layerValue('Elevation')}?lat=${nairobi.lat}&lon=${nairobi.lon}`,
        LayerValueSchema,
      );
      expect(elevation).toMatchObject({
        layer: 'Elevation',
        kind: 'raster',
        unit: 'm above sea level',
        derivedFrom: null,
      });
      expect(elevation.value).toBeGreaterThan(1000);
      const access = await getJson(
        server,
        `${API.layerValue('Electricity Access 2019')}?lat=${nairobi.lat}&lon=${nairobi.lon}`,
        LayerValueSchema,
      );
      expect(access).toMatchObject({ kind: 'vector', value: 96.5, unit: '% of conventional households' });
      expect(access.properties?.name).toBe('Nairobi');
      const sea = await getJson(server, `${API.layerValue('Counties')}?lat=-6&lon=45`, LayerValueSchema);
      expect(sea.properties).toBeNull();
      const unknown = await server.fetch(`${API.layerValue('Nowhere')}?lat=0&lon=0`);
      expect(unknown.status).toBe(404);
    });

    const valueAt = (layer: string, lat: number, lon: number, zoom = 8) =>
      getJson(server, `${API.layerValue(layer)}?lat=${lat}&lon=${lon}&zoom=${zoom}`, LayerValueSchema);

    it("gives a Kenyan dam's AQUASTAT figures, labelled, where it lies", async () => {
      const masinga = await valueAt('Dams', -0.8786, 37.5892);
      expect(masinga).toMatchObject({ layer: 'Dams', kind: 'vector', derivedFrom: null });
      expect(masinga.properties).toMatchObject({
        Dam_name: 'Masinga',
        River: 'Tana',
        Dam_height_m: 70,
        Reservoir_capacity_million_m3: 1560,
        Reservoir_area_km2: 120,
      });
      expect(masinga.fields).toEqual([
        { label: 'Name', value: 'Masinga', unit: null },
        { label: 'River', value: 'Tana', unit: null },
        { label: 'Year completed', value: 1980, unit: null },
        { label: 'Height', value: 70, unit: 'm' },
        { label: 'Reservoir capacity', value: 1560, unit: 'million m³' },
        { label: 'Reservoir area', value: 120, unit: 'km²' },
        { label: 'Purposes', value: 'flood control;hydroelectricity', unit: null },
      ]);
      // AQUASTAT lists Owen Falls under Kenya, but it lies at Jinja, Uganda, and is not in the layer.
      expect((await valueAt('Dams', 0.4458, 33.1875)).properties).toBeNull();
      const gitaru = await valueAt('Dams', -0.6417, 37.675);
      expect(gitaru.fields).toContainEqual({
        label: 'Quality note',
        value: 'duplicate dam name in source with differing attributes',
        unit: null,
      });
    });

    it('gives the dams of all of Ghana, inside and outside the Volta basin', async () => {
      expect((await valueAt('Ghana Dams', 6.35, 0.1)).properties).toMatchObject({
        Dam_name: 'Akosombo (main)',
        Dam_height_m: 134,
        Reservoir_capacity_million_m3: 147960,
      });
      // Weija, on the Densu west of Accra, is outside the Volta basin.
      expect((await valueAt('Ghana Dams', 5.5694, -0.3444)).properties?.Dam_name).toBe('Weija');
      const store = await getJson(server, `${API.wms}?store=water%2Fdams`, WmsResponseSchema);
      expect(store.status === 'success' && store.data.map(([, , name]) => name)).toEqual(['Dams', 'Ghana Dams']);
    });

    it("gives a GEM project's status by its legend label and says the layer is derived", async () => {
      const lamu = await valueAt('Coal and Gas Projects 2022', -2.2911, 40.8556);
      expect(lamu).toMatchObject({
        label: 'Pre-permit',
        derivedFrom: expect.stringContaining('Global Energy Monitor'),
      });
      expect(lamu.properties).toMatchObject({
        plant: 'Lamu Power Project',
        status: 'pre-permit',
        capacity_mw: 1050,
        units: 3,
      });
      expect(lamu.fields?.slice(0, 4)).toEqual([
        { label: 'Plant', value: 'Lamu Power Project', unit: null },
        { label: 'Status', value: 'Pre-permit', unit: null },
        { label: 'Fuel', value: 'coal', unit: null },
        { label: 'Capacity', value: 1050, unit: 'MW' },
      ]);
      const layers = await getJson(server, API.layers, z.array(LayerSummarySchema));
      const gem = layers.find((l) => l.name === 'Coal and Gas Projects 2022')!;
      expect(gem.licence).toContain('CC BY-NC-SA 4.0');
      expect(gem.style).toMatchObject({ type: 'categories', property: 'status' });
      expect(gem.style?.type === 'categories' && gem.style.categories.map((c) => c.label)).toEqual([
        'Proposed',
        'Pre-permit',
        'Shelved',
        'Cancelled',
      ]);
      expect(
        layers
          .filter((l) => l.derivedFrom)
          .map((l) => l.name)
          .sort(),
      ).toEqual(['Coal and Gas Projects 2022', 'Electricity Access 2019', 'Mean Annual Rainfall', 'Vegetation Index']);
    });

    it('shows only the WRI plant under development that has coordinates', async () => {
      const menengai = await valueAt('Power Plants Under Development', -0.19305, 36.07);
      expect(menengai.properties).toMatchObject({ name: 'Menengai III', status: 'Under Development', capacity_mw: 35 });
      // An operating plant of the same file is not part of this layer.
      expect((await valueAt('Power Plants Under Development', -0.88934, 36.25566, 12)).properties).toBeNull();
      expect((await valueAt('Power Stations', -0.88934, 36.25566, 12)).properties?.status).toBe('Operational');
    });

    const points = async (layer: string) => {
      const response = await server.fetch(API.layerFeatures(layer));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/geo+json');
      return PointFeaturesSchema.parse(await response.json());
    };

    it("serves a point layer's points as GeoJSON, each named, with the attributes a click lists", async () => {
      const stations = await points('Power Stations');
      const file = JSON.parse(
        readFileSync(join(RAW_DIR, layersFile.find((l) => l.name === 'Power Stations')!.file), 'utf8'),
      ) as { features: { properties: { name: string; country: string } }[] };
      // One file, one layer per country: Kenya's pages open on Kenya, not on West Africa as well.
      const inKenya = file.features.filter((f) => f.properties.country === 'Kenya');
      expect(inKenya.length).toBeGreaterThan(0);
      expect(stations.features).toHaveLength(inKenya.length);
      expect((await points('Ghana Power Stations')).features).toHaveLength(file.features.length - inKenya.length);
      const olkaria = stations.features.filter((f) => f.properties.name?.startsWith('Olkaria'));
      expect(olkaria.length).toBeGreaterThan(1);
      // The same attributes, labels and units as the value under the point.
      const [lon, lat] = olkaria[0].geometry.coordinates;
      expect(olkaria[0].properties.fields).toEqual((await valueAt('Power Stations', lat, lon, 16)).fields);

      // A layer whose features have no `name` takes the first attribute its popup lists.
      const masinga = (await points('Dams')).features.find((f) => f.properties.name === 'Masinga')!;
      expect(masinga.geometry.coordinates).toEqual([37.5892, -0.8786]);
      expect(masinga.properties.fields).toContainEqual({ label: 'Height', value: 70, unit: 'm' });
      const lamu = (await points('Coal and Gas Projects 2022')).features.find(
        (f) => f.properties.name === 'Lamu Power Project',
      )!;
      expect(lamu.properties.category).toBe('Pre-permit');

      const doc = (await (await server.fetch(API.openapi)).json()) as {
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      };
      expect(Object.keys(doc.paths['/api/v1/layers/{name}/features.geojson'].get!.responses)).toContain('200');
    });

    it('revalidates the points by their ETag', async () => {
      const first = await server.fetch(API.layerFeatures('Substations'));
      const etag = first.headers.get('etag')!;
      expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
      const again = await server.fetch(API.layerFeatures('Substations'), { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });

    it('refuses the points of an unknown layer, a layer of areas or lines, a raster and unknown parameters, in both languages', async () => {
      const refused = async (path: string, language: string) => {
        const response = await server.fetch(path, { headers: { 'accept-language': language } });
        return { status: response.status, message: ApiErrorSchema.parse(await response.json()).error.message };
      };
      expect(await refused(API.layerFeatures('Nowhere'), 'en')).toEqual({
        status: 404,
        message: "Layer 'Nowhere' was not found",
      });
      expect(await refused(API.layerFeatures('Nowhere'), 'sw')).toEqual({
        status: 404,
        message: "Tabaka 'Nowhere' halikupatikana",
      });
      for (const layer of ['Counties', 'Rivers', 'Elevation']) {
        const english = await refused(API.layerFeatures(layer), 'en');
        expect(english.status).toBe(400);
        expect(english.message).toContain(`Layer '${layer}' is not a layer of points`);
      }
      expect((await refused(API.layerFeatures('Counties'), 'sw')).message).toContain(
        "Tabaka 'Counties' si tabaka la nukta",
      );
      const extra = await refused(`${API.layerFeatures('Dams')}?bbox=1,2,3,4`, 'en');
      expect(extra.status).toBe(400);
      expect(extra.message).toContain('bbox');
    });
  });
}
