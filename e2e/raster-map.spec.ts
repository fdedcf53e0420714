import { expect as baseExpect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures/portal.ts';
import { layerBounds, MapPage } from './fixtures/map-page';

// Layer images are drawn on first request, and this machine is shared: allow for a slow first answer.
const expect = baseExpect.configure({ timeout: 20_000 });

const INFRASTRUCTURE = [
  'Power Stations',
  'Ghana Power Stations',
  'Transmission Network',
  'Kenya Power Lines',
  'Substations',
];

test.describe('raster page', () => {
  test('shows the card, the loading state and the opening view; wheel zoom waits for the layers; one overlay per layer, each fetched and drawn when turned on, the map flying to it; export asks a visitor to log in, and sends a logged-in one the stored layers as K.zip', async ({
    page,
  }) => {
    const map = new MapPage(page);
    const images: string[] = [];
    page.on('request', (request) => {
      // A layer's image, or a point layer's points.
      if (/\/(image\.png|features\.geojson)$/.test(request.url())) images.push(new URL(request.url()).pathname);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get-wms**', async (route) => {
      await held;
      await route.continue();
    });
    await map.openInApp('/sectors/energy/infrastructure/raster');
    await expect(map.card.getByRole('heading', { name: 'Raster Data' })).toBeVisible();
    await expect(map.exportButton).toBeVisible();
    await expect(
      map.card.getByText('Raster Data for Energy sector on Infrastructure can be found here.'),
    ).toBeVisible();
    await expect(map.card.getByText('Map layer(s) loading...')).toBeVisible();
    await expect(map.map).toHaveAttribute('data-zoom', '4');
    expect(await map.view()).toEqual({ lat: 9.1021, lng: 18.2812, zoom: 4, wheelZoom: false });
    release();
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await expect(map.card.getByText('Map layer(s) loading...')).toBeHidden();
    await expect(map.map).toHaveAttribute('data-wheel-zoom', 'true');

    expect(await map.overlayNames()).toEqual(INFRASTRUCTURE);
    await expect(map.overlayImages()).toHaveCount(0);
    // The page opens with the names and bounds only; no image is fetched before its layer is on.
    expect(images).toEqual([]);
    await map.toggle('Transmission Network');
    await expect(map.overlayImages()).toHaveCount(1);
    const image = map.overlayImages().first();
    await expect(image).toHaveAttribute('src', '/api/v1/layers/Transmission%20Network/image.png');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    expect(images).toEqual(['/api/v1/layers/Transmission%20Network/image.png']);
    // The 132/220 kV lines lie in southern Kenya: the map leaves the opening view for them.
    await expect.poll(async () => (await map.view()).zoom).toBeGreaterThanOrEqual(6);
    const view = await map.view();
    expect(view.lng).toBeGreaterThan(34);
    expect(view.lng).toBeLessThan(41);
    expect(view.lat).toBeLessThan(2);
    const stored = await page.evaluate(() => ({
      key: sessionStorage.getItem('energy/infrastructure'),
      names: JSON.parse(sessionStorage.getItem('energy_infrastructure_layers') ?? '[]').map((t: unknown[]) => t[2]),
    }));
    expect(stored).toEqual({ key: 'energy_infrastructure', names: INFRASTRUCTURE });

    const messages: string[] = [];
    page.once('dialog', async (dialog) => {
      messages.push(dialog.message());
      await dialog.accept();
    });
    await map.exportButton.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(messages).toEqual(['Login first to export data.']);

    // Logged in (the login check and the session-guarded call stood in for): the stored layers, zipped.
    await page.route('**/api/check/', (route) => route.fulfill({ json: { status: true } }));
    let asked: unknown;
    await page.route('**/api/raster-download/', async (route) => {
      asked = route.request().postDataJSON();
      await route.fulfill({ json: { file: Buffer.from('zip bytes').toString('base64') } });
    });
    await map.goto('/sectors/energy/infrastructure/raster');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await page.evaluate(() => localStorage.setItem('email', 'amina@example.org'));
    const download = page.waitForEvent('download');
    await map.exportButton.click();
    expect((await download).suggestedFilename()).toBe('energy_infrastructure.zip');
    expect(asked).toEqual({ layers: INFRASTRUCTURE });
  });

  test('a layer page opens with the layers and the point its address names (a search result), ignores a point out of range and opens on the layer, and loads that layer alone; the side menu link remembers the layer clicked', async ({
    page,
    request,
  }) => {
    const map = new MapPage(page);
    await map.goto('/filters/raster/Power_Stations?show=Power+Stations&lat=-0.45&lon=36.2&zoom=10');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    // A layer of points is drawn as markers, not as an image.
    await expect(map.markers().or(map.clusters()).first()).toBeVisible();
    await expect(map.overlayImages()).toHaveCount(0);
    await map.layersControl.hover();
    await expect(map.layersControl.getByRole('checkbox', { name: 'Power Stations' })).toBeChecked();
    // Turning the layer on does not fly away from the point asked for.
    await expect(map.map).toHaveAttribute('data-wheel-zoom', 'true');
    expect(await map.view()).toMatchObject({ lat: -0.45, lng: 36.2, zoom: 10 });

    await map.goto('/filters/raster/Power_Stations?show=Power+Stations&lat=200&lon=36.2');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await expect(map.overlayImages()).toHaveCount(0);
    // Opened as the layer page alone: on the layer's bounds (Kenya's and Ghana's stations).
    await map.settledView();
    const layer = await map.fit(await layerBounds(request, 'Power Stations'));
    expect(layer.inside).toBe(true);
    expect(layer.span).toBeGreaterThan(0.8);

    await map.goto('/filters/raster/Power_Stations');
    await expect(map.card.getByText('Raster Data for the Power Stations layer can be found here.')).toBeVisible();
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    expect(await map.overlayNames()).toEqual(['Power Stations']);
    await page.getByRole('link', { name: 'Substations(sh)' }).click();
    await expect(page).toHaveURL(/\/filters\/raster\/Substations$/);
    expect(await page.evaluate(() => sessionStorage.getItem('layer'))).toBe('Substations');
    expect(await map.overlayNames()).toEqual(['Substations']);
  });

  test('a layer that is on shows its legend and an opacity slider, and a click on the map tells what the layer holds there', async ({
    page,
    request,
  }) => {
    const map = new MapPage(page);
    await map.goto('/sectors/energy/access/raster');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await expect(map.legend).toBeHidden();
    await map.toggle('Electricity Access 2019');
    await expect(map.legend).toBeVisible();
    const entry = map.legend.locator('[data-layer="Electricity Access 2019"]');
    await expect(entry).toContainText('Derived: Electricity Access 2019');
    await expect(entry).toContainText('% of conventional households');
    await expect(entry.locator('.legend-ramp')).toHaveAttribute('style', /linear-gradient/);

    await expect.poll(async () => (await map.view()).zoom).toBeGreaterThan(4);
    const { lat, lng } = await map.settledView();
    const expected = await (
      await request.get(`/api/v1/layers/Electricity%20Access%202019/value?lat=${lat}&lon=${lng}`)
    ).json();
    expect(expected.properties?.name).toBeTruthy();
    const box = (await map.map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(map.popup).toContainText('Electricity Access 2019');
    await expect(map.popup).toContainText(String(expected.properties.name));
    await expect(map.popup).toContainText('% of conventional households');
    await expect(map.popup).toContainText('Derived by the portal from KNBS 2019 census table 2.19');

    const overlay = map.overlayImages().first();
    await expect(overlay).toHaveCSS('opacity', '0.8');
    await entry.getByLabel(/Opacity/).fill('0.3');
    await expect(overlay).toHaveCSS('opacity', '0.3');
    await expect(entry).toContainText('Opacity 30%');
  });

  test("legends and popups of point and class layers: a dam's figures on a click, the GEM projects' status classes and licence; axe with layers on", async ({
    page,
  }) => {
    const map = new MapPage(page);
    await map.goto('/sectors/water/dams/raster/Dams');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    expect(await map.overlayNames()).toEqual(['Dams']);
    await map.toggle('Dams');
    await expect(map.markers().or(map.clusters()).first()).toBeVisible();
    const dams = map.legend.locator('[data-layer="Dams"]');
    await expect(dams).toContainText('Dams');
    await expect(dams).not.toContainText('Derived');
    await expect(dams.locator('.legend-swatch')).toHaveCount(1);
    await expect(dams).toContainText('FAO AQUASTAT');
    await expect(dams).toContainText('CC BY 4.0 (FAO terms of use');
    await expect.poll(async () => (await map.view()).zoom).toBeGreaterThanOrEqual(6);
    await map.goto('/filters/raster/Dams?show=Dams&lat=-0.8786&lon=37.5892&zoom=12');
    await map.map.getByRole('button', { name: 'Masinga', exact: true }).click();
    await expect(map.popup).toContainText('Name:Masinga');
    await expect(map.popup).toContainText('Height:70 m');
    await expect(map.popup).toContainText('Reservoir capacity:1560 million m³');
    await expect(map.popup).toContainText('Reservoir area:120 km²');
    await expect(map.popup).toContainText('Purposes:flood control;hydroelectricity');

    await map.goto('/sectors/energy/projects/raster');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    expect(await map.overlayNames()).toEqual([
      'Power Stations',
      'Coal and Gas Projects 2022',
      'Power Plants Under Development',
    ]);
    await map.toggle('Coal and Gas Projects 2022');
    const projects = map.legend.locator('[data-layer="Coal and Gas Projects 2022"]');
    await expect(projects).toContainText('Derived: Coal and Gas Projects 2022');
    await expect(projects.locator('.legend-classes li')).toHaveText(['Proposed', 'Pre-permit', 'Shelved', 'Cancelled']);
    await expect(projects).toContainText('CC BY-NC-SA 4.0');
    await expectNoAxeViolations(page);

    await map.goto('/sectors/agriculture/land/raster');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await map.toggle('Land Cover 2019');
    await expect(map.legend).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a point layer at zoom 12 shows each station as a marker, named on hover, its popup on a click or Enter; clusters where points crowd', async ({
    page,
  }) => {
    const map = new MapPage(page);
    await map.goto('/filters/raster/Power_Stations?show=Power+Stations&lat=2.6447&lon=36.7378&zoom=12');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    const turkana = map.map.getByRole('button', { name: 'Lake Turkana', exact: true });
    await expect(turkana).toBeVisible();
    await expect(turkana).toHaveAttribute('title', 'Lake Turkana');
    await expect(turkana).toHaveAttribute('tabindex', '0');
    await turkana.click();
    await expect(map.popup).toContainText('Lake Turkana');
    await expect(map.popup).toContainText('Fuel:Wind');
    await map.map.locator('.leaflet-popup-close-button').click();
    await expect(map.popup).toBeHidden();
    await turkana.focus();
    await page.keyboard.press('Enter');
    await expect(map.popup).toContainText('Lake Turkana');
    // The legend stays, and its opacity slider applies to the markers.
    const entry = map.legend.locator('[data-layer="Power Stations"]');
    await entry.getByLabel(/Opacity/).fill('0.3');
    await expect(turkana).toHaveCSS('opacity', '0.3');
    await expectNoAxeViolations(page);

    // On the layer's bounds (Kenya and Ghana), crowded stations are numbered clusters, named for what they hold.
    await map.goto('/filters/raster/Power_Stations?show=Power+Stations');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await expect(map.clusters().first()).toBeVisible();
    await expect(map.map.getByRole('button', { name: /^\d+ points of Power Stations/ }).first()).toBeVisible();
  });

  test("draws Kenya's counties from the portal when the tiles cannot load, and shows the spec texts when the layers cannot be had", async ({
    page,
  }) => {
    const map = new MapPage(page);
    const failedTiles: string[] = [];
    page.on('requestfailed', (r) => r.url().includes('tile.openstreetmap.org') && failedTiles.push(r.url()));
    await map.goto('/sectors/water/lakes/raster');
    await expect(map.hint()).toBeVisible({ timeout: 40_000 });
    await expect(map.map.locator('.leaflet-outline-pane path')).toHaveCount(48);
    // The outline can be drawn before the first tile has failed (its answer is preloaded with the page).
    await expect.poll(() => failedTiles.length).toBeGreaterThan(0);

    await page.route('**/api/get-wms**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', error: 'none', code: 'NOT_FOUND', requestId: 'r1' }),
      }),
    );
    await map.openInApp('/sectors/water/lakes/raster');
    await expect(page.getByText('Could not retrieve data, try again later.')).toBeVisible();
    await page.unroute('**/api/get-wms**');
    await page.route('**/api/get-wms**', (route) => route.abort());
    await map.openInApp('/sectors/water/watersheds/raster');
    await expect(page.getByText(/^oops, something went wrong\. /)).toBeVisible();
  });
});
