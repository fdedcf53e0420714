import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bounds, WmsLayer } from '@portal/contract/layers';
import { translator } from '@portal/contract/messages';

const t = translator('en');
import {
  imagePlacement,
  KENYA_BOUNDS,
  narrowestBoxShowingKenya,
  openingView,
  placementWithin,
  SPEC_VIEW,
  legendOf,
  legendTitle,
  pointStyles,
  overlayReducer,
  initialOverlays,
  mapViewFromParams,
  opacityOf,
  rememberStoreLayers,
  storedLayerNames,
  storeKey,
  tileOrigin,
  webAddress,
} from './map-state';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const layers: WmsLayer[] = [
  [
    'iVBOR',
    [
      [-5, 33],
      [5, 42],
    ],
    'Power Stations',
  ],
  [
    'iVBOR',
    [
      [-5, 33],
      [5, 42],
    ],
    'Substations',
  ],
];

describe('session storage of a store (spec section 3)', () => {
  it('keeps store → K and K_layers → the tuples, and reads the names back', () => {
    const storage = new MemoryStorage();
    rememberStoreLayers(storage, 'energy/infrastructure', layers);
    expect(storeKey('energy/infrastructure')).toBe('energy_infrastructure');
    expect(storage.getItem('energy/infrastructure')).toBe('energy_infrastructure');
    expect(JSON.parse(storage.getItem('energy_infrastructure_layers')!)).toEqual(layers);
    expect(storedLayerNames(storage, 'energy/infrastructure')).toEqual(['Power Stations', 'Substations']);
    expect(storedLayerNames(storage, 'Power Stations')).toBeUndefined();
  });
});

describe('overlayReducer', () => {
  it('orders visible overlays by when they were turned on and clamps opacity', () => {
    let state = overlayReducer(initialOverlays, { type: 'shown', name: 'A' });
    state = overlayReducer(state, { type: 'shown', name: 'B' });
    state = overlayReducer(state, { type: 'shown', name: 'A' });
    expect(state.visible).toEqual(['B', 'A']);
    state = overlayReducer(state, { type: 'hidden', name: 'B' });
    expect(state.visible).toEqual(['A']);
    expect(opacityOf(state, 'A')).toBe(0.8);
    expect(opacityOf(overlayReducer(state, { type: 'opacity', name: 'A', value: 3 }), 'A')).toBe(1);
  });
});

describe('pointStyles', () => {
  it('picks the layers whose style sizes dots: those the map draws as markers', () => {
    const dots = { type: 'fill' as const, fill: '#ffcc00', stroke: '#7a5c00', radius: 5 };
    const layers = [
      { name: 'Power Stations', style: dots },
      { name: 'Counties', style: { type: 'fill' as const, fill: '#eeeeee', stroke: '#000000' } },
      { name: 'Elevation', style: null },
    ] as unknown as Parameters<typeof pointStyles>[0];
    expect(pointStyles(layers)).toEqual({ 'Power Stations': dots });
  });
});

describe('legendOf', () => {
  it('turns a ramp into a gradient positioned by value', () => {
    const legend = legendOf({
      type: 'ramp',
      unit: 'm',
      stops: [
        [0, '#000000'],
        [50, '#ff0000'],
        [200, '#ffffff'],
      ],
    });
    expect(legend).toEqual({
      kind: 'ramp',
      min: 0,
      max: 200,
      unit: 'm',
      gradient: 'linear-gradient(to right, #000000 0.0%, #ff0000 25.0%, #ffffff 100.0%)',
    });
  });

  it('lists classes and fills as swatches', () => {
    expect(legendOf({ type: 'categories', categories: [{ value: 1, colour: '#00ff00', label: 'Forest' }] })).toEqual({
      kind: 'categories',
      items: [{ colour: '#00ff00', label: 'Forest' }],
      dot: false,
    });
    expect(legendOf({ type: 'fill', fill: '#ff0000', stroke: '#000000' })).toEqual({
      kind: 'fill',
      fill: '#ff0000',
      stroke: '#000000',
      dot: false,
    });
    expect(legendOf({ type: 'fill', fill: '#0868ac', stroke: '#ffffff', radius: 10 })).toMatchObject({
      kind: 'fill',
      dot: true,
    });
  });
});

describe('legend and popup texts', () => {
  it('lists text classes of a feature property as round swatches in catalogue order, as points are drawn', () => {
    const legend = legendOf({
      type: 'categories',
      property: 'status',
      radius: 14,
      categories: [
        { value: 'proposed', colour: '#56b4e9', label: 'Proposed' },
        { value: 'cancelled', colour: '#000000', label: 'Cancelled' },
      ],
    });
    expect(legend).toEqual({
      kind: 'categories',
      items: [
        { colour: '#56b4e9', label: 'Proposed' },
        { colour: '#000000', label: 'Cancelled' },
      ],
      dot: true,
    });
  });

  it('heads a derived layer with "Derived:" and a published one with its name alone', () => {
    expect(legendTitle({ name: 'Mean Annual Rainfall', derivedFrom: "WFP's monthly CHIRPS rainfall" }, t)).toBe(
      'Derived: Mean Annual Rainfall',
    );
    expect(legendTitle({ name: 'Dams', derivedFrom: null }, t)).toBe('Dams');
  });

  it('links only http(s) addresses', () => {
    expect(webAddress('https://gem.wiki/Lamu_Power_Project')).toBe('https://gem.wiki/Lamu_Power_Project');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('Lamu County')).toBeNull();
    expect(webAddress(1050)).toBeNull();
  });
});

describe('the map view an address asks for', () => {
  it('turns on the layers it names and opens at its point, at zoom 12 unless it says', () => {
    const params = new URLSearchParams('show=Dams&show=Power+Stations&lat=-0.45&lon=36.2');
    expect(mapViewFromParams(params)).toEqual({
      overlays: { visible: ['Dams', 'Power Stations'], opacity: {} },
      view: { center: [-0.45, 36.2], zoom: 12 },
    });
  });

  it('keeps the opening view without both coordinates, and ignores an address out of range', () => {
    expect(mapViewFromParams(new URLSearchParams('show=Dams&lat=-0.45')).view).toBeNull();
    expect(mapViewFromParams(new URLSearchParams('lat=-0.45&lon=36.2&zoom=40'))).toEqual({
      overlays: { visible: [], opacity: {} },
      view: null,
    });
    expect(mapViewFromParams(new URLSearchParams(''))).toEqual({ overlays: { visible: [], opacity: {} }, view: null });
  });
});

describe('imagePlacement', () => {
  const WORLD: Bounds = [
    [-85.0511287798, -180],
    [85.0511287798, 180],
  ];

  it('lays the whole world over the 256 pixels of a zoom-0 tile, centred on the box', () => {
    const place = imagePlacement(WORLD, { center: [0, 0], zoom: 0 });
    for (const [key, value] of Object.entries({ left: -128, top: -128, width: 256, height: 256 }))
      expect(place[key as keyof typeof place]).toBeCloseTo(value, 6);
  });

  it('puts the corner the map is centred on at the centre, and doubles the size at each zoom', () => {
    const kenya: Bounds = [
      [-5, 33.5],
      [5.5, 42.2],
    ];
    const atFour = imagePlacement(kenya, { center: [5.5, 33.5], zoom: 4 });
    expect(atFour.left).toBeCloseTo(0, 9);
    expect(atFour.top).toBeCloseTo(0, 9);
    expect(atFour.width).toBeCloseTo((256 * 16 * 8.7) / 360, 9);
    const atFive = imagePlacement(kenya, { center: [5.5, 33.5], zoom: 5 });
    expect(atFive.height / atFour.height).toBeCloseTo(2, 9);
    // Mercator stretches rows away from the equator: the northern half is taller than the same span south.
    expect(
      imagePlacement(
        [
          [0, 0],
          [60, 10],
        ],
        { center: [0, 0], zoom: 4 },
      ).height,
    ).toBeGreaterThan(
      imagePlacement(
        [
          [0, 0],
          [6, 10],
        ],
        { center: [0, 0], zoom: 4 },
      ).height * 10,
    );
  });
});

describe('where a map page opens', () => {
  const lakeVictoria: Bounds = [
    [-3, 31.5],
    [0.5, 34.9],
  ];

  it('opens at the point the address names, else on the named layer, else at the spec view (null)', () => {
    const point = { center: [-0.45, 36.2] as [number, number], zoom: 10 };
    expect(openingView(point, lakeVictoria)).toEqual(point);
    expect(openingView(null, lakeVictoria)).toEqual({ bounds: lakeVictoria });
    expect(openingView(null, null)).toBeNull();
  });

  it("needs a box about 540 px wide to show all of Kenya at the spec's view, centred far to its west", () => {
    const width = narrowestBoxShowingKenya();
    // Kenya's eastern edge lies this far right of the spec's centre at zoom 4.
    const { left, width: kenyaWidth } = imagePlacement(KENYA_BOUNDS, SPEC_VIEW);
    expect(width).toBe(Math.ceil(2 * (left + kenyaWidth)));
    expect(width).toBeGreaterThan(360);
    expect(width).toBeLessThan(1024);
    // The stylesheet's container queries choose the page's first picture of the map by the same width.
    const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
    expect(css).toContain(`@container map-frame (width < ${width}px)`);
    expect(css).toContain(`@container map-frame (width >= ${width}px)`);
  });

  it('places an image within a box fitted to other bounds, in per cent of the box', () => {
    const whole = placementWithin(KENYA_BOUNDS, KENYA_BOUNDS);
    expect(whole.left).toBeCloseTo(0, 9);
    expect(whole.top).toBeCloseTo(0, 9);
    expect(whole.width).toBeCloseTo(100, 9);
    expect(whole.height).toBeCloseTo(100, 9);
    // Kenya is a little taller than wide as the map projects it.
    expect(whole.aspectRatio).toBeCloseTo(8.7 / 10.52, 2);
    // Lake Victoria's box lies at Kenya's western edge: Kenya starts inside it and runs out to the east.
    const kenya = placementWithin(KENYA_BOUNDS, lakeVictoria);
    expect(kenya.left).toBeGreaterThan(0);
    expect(kenya.left).toBeLessThan(100);
    expect(kenya.left + kenya.width).toBeGreaterThan(100);
  });
});

describe('tileOrigin', () => {
  it('is the server of a tile URL template, to connect to before Leaflet asks', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://127.0.0.1:8081/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
  });

  it('is null when the server varies by subdomain', () => {
    expect(tileOrigin('https://{s}.tiles.example.org/base/{z}/{x}/{y}.png')).toBeNull();
  });
});
