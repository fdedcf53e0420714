// Vector drawings for PDF documents made with pdfkit: a locator map, a QR code, a sparkline.
import QRCode from 'qrcode';

type Doc = PDFKit.PDFDocument;
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An outline of one county, as the county map route serves it (longitude, latitude). */
export interface CountyOutline {
  slug: string;
  /** Polygons, each a list of rings, each a list of [longitude, latitude]. */
  polygons: number[][][][];
}

/** The county on its locator map, as on its page. */
const LOCATED = '#e8a09a';

/** The place of the county `selected` among `outlines`, drawn as vector paths within `box`. */
export function locatorMap(doc: Doc, outlines: CountyOutline[], selected: string, box: Box): void {
  const points = outlines.flatMap((o) => o.polygons.flat(2));
  if (!points.length) return;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  // Degrees of longitude shrink away from the equator; Kenya straddles it, but the factor keeps the shape true.
  const shrink = Math.cos((((north + south) / 2) * Math.PI) / 180);
  const scale = Math.min(box.width / ((east - west) * shrink), box.height / (north - south));
  const left = box.x + (box.width - (east - west) * shrink * scale) / 2;
  const top = box.y + (box.height - (north - south) * scale) / 2;
  const draw = (outline: CountyOutline) => {
    for (const ring of outline.polygons.flat()) {
      ring.forEach(([lon, lat], i) => {
        const x = left + (lon - west) * shrink * scale;
        const y = top + (north - lat) * scale;
        if (i === 0) doc.moveTo(x, y);
        else doc.lineTo(x, y);
      });
      doc.closePath();
    }
  };
  doc.lineWidth(0.3);
  for (const outline of outlines.filter((o) => o.slug !== selected)) {
    draw(outline);
    doc.fillAndStroke('#e9ecef', '#adb5bd', 'even-odd');
  }
  const county = outlines.find((o) => o.slug === selected);
  if (county) {
    doc.lineWidth(0.8);
    draw(county);
    doc.fillAndStroke(LOCATED, '#842029', 'even-odd');
  }
}

/** A QR code of `text`, its dark modules drawn as runs of rectangles. */
export function qrCode(doc: Doc, text: string, at: { x: number; y: number; size: number }, colour: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = at.size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let run = 0;
    for (let col = 0; col <= modules.size; col++) {
      if (col < modules.size && modules.get(row, col)) run++;
      else if (run) {
        doc.rect(at.x + (col - run) * cell, at.y + row * cell, run * cell, cell);
        run = 0;
      }
    }
  }
  doc.fill(colour);
}

/**
 * `values` as a small line filling `box`, the last one marked, with `labels` (the first and last
 * periods) beneath it at each end, in the font the document registered as 'regular'.
 */
export function sparkline(
  doc: Doc,
  values: number[],
  labels: [string, string],
  box: Box,
  colours: { line: string; label: string },
): void {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const px = (i: number) => box.x + (i / (values.length - 1)) * box.width;
  const py = (v: number) =>
    high === low ? box.y + box.height / 2 : box.y + box.height - ((v - low) / (high - low)) * box.height;
  values.forEach((v, i) => (i === 0 ? doc.moveTo(px(i), py(v)) : doc.lineTo(px(i), py(v))));
  doc.lineWidth(0.9).lineJoin('round').stroke(colours.line);
  doc.circle(px(values.length - 1), py(values.at(-1)!), 1.4).fill(colours.line);
  const below = box.y + box.height + 1.5;
  const half = box.width / 2;
  doc.font('regular').fontSize(5.5).fillColor(colours.label);
  doc.text(labels[0], box.x, below, { width: half, lineBreak: false });
  doc.text(labels[1], box.x + half, below, { width: half, align: 'right', lineBreak: false });
}
