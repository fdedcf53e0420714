import { expect as baseExpect } from '@playwright/test';
import { test } from './fixtures/portal.ts';
import { OUTLINE_IMAGE_BOUNDS } from '@portal/contract/layers';
import { layerBounds, MapPage } from './fixtures/map-page';

// Where a map page opens before and after its map is drawn: the server's outline, and Kenya in the frame.
// Layer images are drawn on first request, and this machine is shared: allow for a slow first answer.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('a map page the server renders', () => {
  test("shows Kenya's outline where the map then draws it, and the map once the page is hydrated", async ({
    page,
    browser,
    baseURL,
  }) => {
    const path = '/sectors/agriculture/land/raster';
    // The page as the server renders it, before any script: hydrated, the map replaces the outline at once.
    const html = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() })
    ).newPage();
    await html.goto(`${baseURL}${path}`);
    const rendered = new MapPage(html);
    const preview = rendered.outlinePreview();
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const drawn = (await preview.boundingBox())!;
    await expect(rendered.hint()).toBeVisible();
    await expect(rendered.map).toHaveCount(0);
    await html.context().close();

    const map = new MapPage(page);
    await map.goto(path);
    await expect(map.map).toBeVisible();
    await expect(map.outlinePreview()).toHaveCount(0);
    // The image covered OUTLINE_IMAGE_BOUNDS: the map puts those corners where the image's were.
    const [[south, west], [north, east]] = OUTLINE_IMAGE_BOUNDS;
    const topLeft = await map.pagePoint(north, west);
    const bottomRight = await map.pagePoint(south, east);
    for (const [where, was] of [
      [topLeft.x, drawn.x],
      [topLeft.y, drawn.y],
      [bottomRight.x, drawn.x + drawn.width],
      [bottomRight.y, drawn.y + drawn.height],
    ]) {
      expect(Math.abs(where - was), `${where} against ${was}`).toBeLessThanOrEqual(1);
    }
  });

  test('draws the map at once when the address names layers to show', async ({ page }) => {
    const map = new MapPage(page);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto('/filters/raster/Power_Stations?show=Power+Stations');
    await expect(map.markers().or(map.clusters()).first()).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("shows the card, its layers' details and Kenya's outline, and its side menu leads to each layer", async ({
      page,
    }) => {
      const map = new MapPage(page);
      await page.goto('/sectors/agriculture/land/raster');
      await expect(map.card.getByRole('heading', { name: 'Raster Data' })).toBeVisible();
      await expect(map.hint()).toBeVisible();
      await expect(
        map.card.getByRole('img', { name: "Kenya's counties and border, where the map draws them" }),
      ).toBeVisible();
      await map.card.getByText('About these layers').click();
      await expect(map.card.getByText('Land Cover 2019', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Land Cover 2019' }).click();
      await expect(page).toHaveURL('/sectors/agriculture/land/raster/Land_Cover_2019');
      await expect(map.card.getByRole('heading', { name: 'Raster Data' })).toBeVisible();
    });
  });
});

test.describe('map pages open on Kenya', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test("a map page that names no layer opens fitted to Kenya, in the page the server renders and in the map, where the spec's view would leave Kenya outside the box", async ({
      page,
      browser,
      baseURL,
    }) => {
      const path = '/sectors/agriculture/land/raster';
      const html = await (
        await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
      ).newPage();
      await html.goto(`${baseURL}${path}`);
      const preview = new MapPage(html).outlinePreview();
      await expect(preview).toBeVisible();
      const frame = await new MapPage(html).box();
      const drawn = (await preview.boundingBox())!;
      expect(drawn.x).toBeGreaterThanOrEqual(frame.x - 1);
      expect(drawn.x + drawn.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(drawn.width / frame.width).toBeGreaterThan(0.9);
      await html.context().close();

      const map = new MapPage(page);
      await map.goto(path);
      await expect(map.map).toBeVisible();
      await map.settledView();
      const kenya = await map.fit(OUTLINE_IMAGE_BOUNDS);
      expect(kenya.inside).toBe(true);
      expect(kenya.span).toBeGreaterThan(0.8);
    });
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    test(`a layer page, and a search result that turns a layer on, open on the layer's bounds at ${viewport.width} px`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
      const page = await context.newPage();
      const map = new MapPage(page);
      // The finding's page, whose layer covers Kenya, and a layer covering a small part of it.
      for (const layer of ['Mean Annual Rainfall', 'Kenya Power Lines']) {
        const bounds = await layerBounds(request, layer);
        const page = `/filters/raster/${layer.replaceAll(' ', '_')}`;
        for (const path of [page, `${page}?${new URLSearchParams({ show: layer })}`]) {
          await map.goto(`${baseURL}${path}`);
          await expect(map.map).toBeVisible();
          await map.settledView();
          const fitted = await map.fit(bounds);
          expect(fitted.inside, path).toBe(true);
          expect(fitted.span, path).toBeGreaterThan(0.8);
        }
      }
      await context.close();
    });
  }
});
