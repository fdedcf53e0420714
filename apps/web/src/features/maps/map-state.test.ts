import { describe, expect, it } from 'vitest';
import type { Bounds, WmsLayer } from '@portal/contract/layers';
import {
  imagePlacement,
  legendOf,
  legendTitle,
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
    expect(legendTitle({ name: 'Mean Annual Rainfall', derivedFrom: "WFP's monthly CHIRPS rainfall" })).toBe(
      'Derived: Mean Annual Rainfall',
    );
    expect(legendTitle({ name: 'Dams', derivedFrom: null })).toBe('Dams');
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

describe('tileOrigin', () => {
  it('is the server of a tile URL template, to connect to before Leaflet asks', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://127.0.0.1:8081/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
  });

  it('is null when the server varies by subdomain', () => {
    expect(tileOrigin('https://{s}.tiles.example.org/base/{z}/{x}/{y}.png')).toBeNull();
  });
});
