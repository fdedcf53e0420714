// npm run bench:layers: time to render one layer, uncached and cached, next to MapServer 8 drawing
// the same file at the same size in the same run. Prints figures; never passes or fails on them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LayerStyle } from '@portal/contract/layers';
import { LayerCache } from '@portal/geo/layer-cache';
import { RAW_DIR } from '@portal/importer';
import { LayerImages, LONG_SIDE } from '../apps/server/src/services/layer-images.ts';
import { childrenCpuMs, ownCpuMs } from './lib/measure.ts';

const RUNS = 15;
// Untimed runs before each series, so it times compiled code, as MapServer's figure per map leaves
// out its start-up: the first few counties images of a process take 2 to 10 times as long (80 to
// 230 ms, then 17 to 20) while V8 compiles the reading and drawing code.
const WARM_UP = 5;
const work = mkdtempSync(join(tmpdir(), 'bench-layers-'));

interface Case {
  name: string;
  kind: 'raster' | 'vector';
  file: string;
  style: LayerStyle;
  /** The same drawing as a MapServer LAYER block. */
  mapserverLayer: string;
}

const elevation: LayerStyle = {
  type: 'ramp',
  unit: 'm',
  stops: [
    [-3500, '#08306b'],
    [-200, '#2171b5'],
    [0, '#c6dbef'],
    [1, '#1a9641'],
    [500, '#a6d96a'],
    [1000, '#ffffbf'],
    [2000, '#fdae61'],
    [3000, '#a6611a'],
    [4000, '#f5f5f5'],
  ],
};
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(' ');
const rampClasses = (style: Extract<LayerStyle, { type: 'ramp' }>) =>
  style.stops
    .slice(1)
    .map(([upper, colour], i) => {
      const [lower, from] = style.stops[i];
      return `CLASS EXPRESSION ([pixel] >= ${lower} AND [pixel] < ${upper}) STYLE COLORRANGE ${rgb(from)} ${rgb(colour)} DATARANGE ${lower} ${upper} END END`;
    })
    .join('\n    ');

const cases: Case[] = [
  {
    name: 'Elevation (GeoTIFF 108 x 126, colour ramp)',
    kind: 'raster',
    file: 'layers/kenya-elevation-etopo5.tif',
    style: elevation,
    mapserverLayer: `LAYER NAME "l" TYPE RASTER STATUS ON DATA "${join(RAW_DIR, 'layers/kenya-elevation-etopo5.tif')}"
    PROCESSING "NODATA=-32768"
    ${rampClasses(elevation)}
  END`,
  },
  {
    name: 'Counties (GeoJSON, 47 polygons, fill and outline)',
    kind: 'vector',
    file: 'boundaries/kenya_counties.geojson',
    style: { type: 'fill', fill: '#fee8c8', stroke: '#7f2704', fillOpacity: 0.3 },
    mapserverLayer: `LAYER NAME "l" TYPE POLYGON STATUS ON CONNECTIONTYPE OGR CONNECTION "${join(RAW_DIR, 'boundaries/kenya_counties.geojson')}"
    CLASS STYLE COLOR 254 232 200 OPACITY 30 END STYLE OUTLINECOLOR 127 39 4 WIDTH 0.75 END END
  END`,
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median wall and CPU times of RUNS runs after WARM_UP (CPU time is not stretched by other work on the machine). */
async function timeRuns(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpuBefore = ownCpuMs();
    await run();
    wall.push(performance.now() - start);
    cpu.push(ownCpuMs() - cpuBefore);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

function mapserverAvailable(): boolean {
  return spawnSync('map2img', [], { encoding: 'utf8' }).error === undefined;
}

/** MapServer's time per map: `-c N` draws N times in one process, so start-up is left out. */
function mapserverMs(
  test: Case,
  bbox: number[],
  width: number,
  height: number,
): { perMap: number; cpuPerMap: number; oneProcess: number } {
  const mapfile = join(work, 'layer.map');
  writeFileSync(
    mapfile,
    `MAP EXTENT ${bbox.join(' ')} SIZE ${width} ${height} IMAGETYPE "png"
  OUTPUTFORMAT NAME "png" DRIVER AGG/PNG MIMETYPE "image/png" IMAGEMODE RGBA EXTENSION "png" TRANSPARENT ON END
  ${test.mapserverLayer}
END
`,
  );
  const run = (count: number) => {
    const start = performance.now();
    const cpuBefore = childrenCpuMs();
    execFileSync('map2img', ['-m', mapfile, '-o', join(work, 'out.png'), '-c', String(count)], { stdio: 'pipe' });
    return { wall: performance.now() - start, cpu: childrenCpuMs() - cpuBefore };
  };
  run(1);
  const single = Array.from({ length: 5 }, () => run(1));
  const oneProcess = median(single.map((r) => r.wall));
  const many = run(RUNS + 1);
  const oneProcessCpu = single.reduce((sum, r) => sum + r.cpu, 0) / single.length;
  return { perMap: (many.wall - oneProcess) / RUNS, cpuPerMap: (many.cpu - oneProcessCpu) / RUNS, oneProcess };
}

console.log(
  `Layer render benchmark: median of ${RUNS} runs after ${WARM_UP} untimed, output ${LONG_SIDE} px on the long side.`,
);
const hasMapserver = mapserverAvailable();
if (!hasMapserver) console.log('MapServer (map2img) is not installed: apt-get install -y mapserver-bin to compare.');
for (const test of cases) {
  const layer = { name: test.name, kind: test.kind, file: test.file, feature_filter: null, style: test.style };
  let n = 0;
  // Without the image cache: a new cache folder each run, so the image is drawn and encoded (and
  // written to disk after it is served). First render: the file is also read and parsed, as after a
  // start or a change of the file. Geometry in memory: the parsed file is kept between images, as
  // the server keeps it (LayerCache), so only drawing and encoding remain.
  let previous: LayerImages | undefined;
  const render = async (files?: LayerCache) => {
    // The last run's file is written by now (a render takes longer): the runs do not overlap.
    await previous?.flush();
    previous = new LayerImages(RAW_DIR, join(work, `cold-${n++}`), undefined, undefined, files);
    await previous.image(layer);
  };
  const firstRender = await timeRuns(() => render());
  const files = new LayerCache();
  await render(files);
  const inMemory = await timeRuns(() => render(files));
  const warm = new LayerImages(RAW_DIR, join(work, 'warm'));
  const image = await warm.image(layer);
  await warm.flush();
  const fromDisk = await timeRuns(() => new LayerImages(RAW_DIR, join(work, 'warm')).image(layer));
  const fromMemory = await timeRuns(() => warm.image(layer));
  console.log(`\n${test.name}: ${image.width} x ${image.height} px, PNG ${(image.png.length / 1024).toFixed(0)} kB`);
  console.log(
    `  portal, first render (read, parse, draw, encode):   ${firstRender.wall.toFixed(1)} ms (CPU ${firstRender.cpu.toFixed(1)} ms)`,
  );
  console.log(
    `  portal, parsed file in memory (draw, encode):       ${inMemory.wall.toFixed(1)} ms (CPU ${inMemory.cpu.toFixed(1)} ms)`,
  );
  console.log(`  portal, image cached on disk (cold memory):         ${fromDisk.wall.toFixed(2)} ms`);
  console.log(`  portal, image cached in memory:                     ${fromMemory.wall.toFixed(3)} ms`);
  if (hasMapserver) {
    const ms = mapserverMs(test, image.bbox, image.width, image.height);
    console.log(
      `  MapServer 8 map2img, per map (start-up excluded):   ${ms.perMap.toFixed(1)} ms (CPU ${ms.cpuPerMap.toFixed(1)} ms)`,
    );
    console.log(`  MapServer 8 map2img, one process per map:           ${ms.oneProcess.toFixed(1)} ms`);
    const ratio = (portal: { wall: number; cpu: number }) =>
      `${(portal.wall / ms.perMap).toFixed(2)} (CPU time: ${(portal.cpu / ms.cpuPerMap).toFixed(2)})`;
    console.log(`  ratio portal first render / MapServer per map:          ${ratio(firstRender)}`);
    console.log(`  ratio portal parsed file in memory / MapServer per map: ${ratio(inMemory)}`);
    console.log(
      `  ratio MapServer per map / portal image cached in memory: ${(ms.perMap / fromMemory.wall).toFixed(0)}`,
    );
  }
}
rmSync(work, { recursive: true, force: true });
