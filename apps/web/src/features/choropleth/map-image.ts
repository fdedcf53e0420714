import { COUNTY_MAP_WIDTH, type CountyShape } from '../counties/county-map';
import type { LegendEntry } from './choropleth-legend';
import { NO_VALUE_COLOUR } from './map-state';

/** What the image says around the map: its title, the legend and how it was classed, and the source line. */
export interface MapImageTexts {
  title: string;
  legend: LegendEntry[];
  method: string;
  source: string;
}

const IMAGE_WIDTH = 1000;
const MARGIN = 24;
const MAP_TOP = 72;
const LEGEND_LEFT = MARGIN + COUNTY_MAP_WIDTH + 32;
const LEGEND_WIDTH = IMAGE_WIDTH - LEGEND_LEFT - MARGIN;
const LINE = 20;
const FONT = 'Helvetica, Arial, sans-serif';

/** The words of a text in lines no wider than `width` in the context's font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && context.measureText(longer).width > width) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  return line ? [...lines, line] : lines;
}

function drawLegend(context: CanvasRenderingContext2D, texts: MapImageTexts): void {
  context.font = `15px ${FONT}`;
  let y = MAP_TOP;
  for (const entry of texts.legend) {
    context.fillStyle = entry.colour;
    context.fillRect(LEGEND_LEFT, y, 22, 16);
    context.strokeStyle = '#6c757d';
    context.strokeRect(LEGEND_LEFT + 0.5, y + 0.5, 21, 15);
    context.fillStyle = '#212529';
    context.fillText(entry.label, LEGEND_LEFT + 32, y + 13);
    y += LINE + 6;
  }
  context.font = `13px ${FONT}`;
  for (const line of wrap(context, texts.method, LEGEND_WIDTH)) context.fillText(line, LEGEND_LEFT, (y += LINE));
}

/**
 * The map as shown, drawn from the same outlines without any base map, with its title, legend and
 * source line, as a PNG.
 */
export function drawMapImage(
  shapes: CountyShape[],
  mapHeight: number,
  fills: Map<string, string>,
  texts: MapImageTexts,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  context.font = `13px ${FONT}`;
  const sourceLines = wrap(context, texts.source, IMAGE_WIDTH - 2 * MARGIN);
  canvas.width = IMAGE_WIDTH;
  canvas.height = MAP_TOP + mapHeight + MARGIN + sourceLines.length * LINE + MARGIN;

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#212529';
  context.font = `bold 22px ${FONT}`;
  wrap(context, texts.title, IMAGE_WIDTH - 2 * MARGIN)
    .slice(0, 2)
    .forEach((line, i) => context.fillText(line, MARGIN, 34 + i * 26));

  context.save();
  context.translate(MARGIN, MAP_TOP);
  context.strokeStyle = '#ffffff';
  context.lineWidth = 0.8;
  context.lineJoin = 'round';
  for (const shape of shapes) {
    const path = new Path2D(shape.path);
    context.fillStyle = fills.get(shape.slug) ?? NO_VALUE_COLOUR;
    context.fill(path);
    context.stroke(path);
  }
  context.restore();

  drawLegend(context, texts);
  context.fillStyle = '#495057';
  context.font = `13px ${FONT}`;
  sourceLines.forEach((line, i) => context.fillText(line, MARGIN, MAP_TOP + mapHeight + MARGIN + (i + 1) * LINE - 6));

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The map could not be drawn'))), 'image/png'),
  );
}
