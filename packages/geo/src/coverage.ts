// Cells left over from the last image drawn, all zero again: a fresh 3 MB array for each image
// costs about 1.5 ms in page faults on the counties map, a tenth of its drawing time.
let spare: Float32Array | undefined;

/**
 * How much of each pixel one shape covers (0 to 1), gathered before the shape is painted so that a
 * pixel touched by several edges or segments of the shape is painted once. Coordinates are in
 * pixels, (0, 0) at the top left corner of the image; pixel (x, y) spans x..x+1, y..y+1.
 *
 * Fills gather signed area per pixel and read it back by the even-odd rule, over the columns each
 * row was touched in; strokes and dots keep the largest coverage any of their parts gives a pixel,
 * and a list of the pixels they touched. Only those are read back and cleared, so a small shape on
 * a large image costs little.
 */
export class Coverage {
  // Two spare cells a row: an edge on the right border spills its remainder past the last pixel.
  private readonly stride: number;
  private cells: Float32Array;
  // The cells each row was touched in (from inclusive, to exclusive), and the rows touched.
  private readonly rowFrom: Int32Array;
  private readonly rowTo: Int32Array;
  private top: number;
  private bottom = -1;
  // The cells strokes and dots touched: reading back only these skips the inside of a ring's outline.
  private touched = new Int32Array(1024);
  private touchedCount = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = width + 2;
    const length = this.stride * height;
    this.cells = spare && spare.length >= length ? spare.subarray(0, length) : new Float32Array(length);
    spare = undefined;
    this.rowFrom = new Int32Array(height).fill(this.stride);
    this.rowTo = new Int32Array(height);
    this.top = height;
  }

  private touch(y: number, from: number, to: number): void {
    if (from < this.rowFrom[y]) this.rowFrom[y] = from;
    if (to > this.rowTo[y]) this.rowTo[y] = to;
    if (y < this.top) this.top = y;
    if (y > this.bottom) this.bottom = y;
  }

  /**
   * Adds one edge of a filled ring. Each row it crosses gets the edge's height in that row, spread
   * over the cells it passes through by the area to their right (the accumulation of font-rs): a
   * running sum along the row then gives each pixel its exact covered area, with no sub-sampling.
   */
  addEdge(x0: number, y0: number, x1: number, y1: number): void {
    if (y0 === y1) return;
    const direction = y0 < y1 ? 1 : -1;
    if (direction < 0) [x0, y0, x1, y1] = [x1, y1, x0, y0];
    const slope = (x1 - x0) / (y1 - y0);
    const first = Math.max(0, Math.floor(y0));
    const last = Math.min(this.height, Math.ceil(y1));
    for (let y = first; y < last; y++) {
      const enter = Math.max(y, y0);
      const leave = Math.min(y + 1, y1);
      // Left of the image an edge still counts, as if on its border; right of it, it changes nothing.
      const xa = Math.min(this.width, Math.max(0, x0 + (enter - y0) * slope));
      const xb = Math.min(this.width, Math.max(0, x0 + (leave - y0) * slope));
      this.spread(y, xa, xb, (leave - enter) * direction);
    }
  }

  /** Spreads `height` of an edge going from xa to xb within row y over the cells it crosses. */
  private spread(y: number, xa: number, xb: number, height: number): void {
    const cells = this.cells;
    const row = y * this.stride;
    const lo = Math.min(xa, xb);
    const hi = Math.max(xa, xb);
    const loCell = Math.floor(lo);
    const hiCell = Math.ceil(hi);
    this.touch(y, loCell, Math.max(hiCell, loCell + 1) + 1);
    if (hiCell <= loCell + 1) {
      // Within one pixel: the share left of the edge's middle waits for the next pixel.
      const middle = (xa + xb) / 2 - loCell;
      cells[row + loCell] += height * (1 - middle);
      cells[row + loCell + 1] += height * middle;
      return;
    }
    // Across pixels: a triangle in the first, a trapezoid in the last, equal strips between.
    const step = 1 / (hi - lo);
    const firstPart = lo - loCell;
    const firstArea = 0.5 * step * (1 - firstPart) ** 2;
    const lastPart = hi - hiCell + 1;
    const lastArea = 0.5 * step * lastPart * lastPart;
    cells[row + loCell] += height * firstArea;
    if (hiCell === loCell + 2) {
      cells[row + loCell + 1] += height * (1 - firstArea - lastArea);
    } else {
      const second = step * (1.5 - firstPart);
      cells[row + loCell + 1] += height * (second - firstArea);
      for (let x = loCell + 2; x < hiCell - 1; x++) cells[row + x] += height * step;
      const beforeLast = second + (hiCell - loCell - 3) * step;
      cells[row + hiCell - 1] += height * (1 - beforeLast - lastArea);
    }
    cells[row + hiCell] += height * lastArea;
  }

  /** Adds a straight piece of a stroke `halfWidth` either side of a to b, with round ends. */
  addSegment(ax: number, ay: number, bx: number, by: number, halfWidth: number): void {
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const inverse = lengthSquared === 0 ? 0 : 1 / lengthSquared;
    // Pixel centres further than this from the centre line get nothing.
    const reach = halfWidth + 0.5;
    const first = Math.max(0, Math.ceil(Math.min(ay, by) - reach - 0.5));
    const last = Math.min(this.height - 1, Math.floor(Math.max(ay, by) + reach - 0.5));
    for (let y = first; y <= last; y++) {
      const py = y + 0.5 - ay;
      // The part of the segment within reach of this row, widened by the reach, bounds the columns.
      let t0 = 0;
      let t1 = 1;
      if (dy !== 0) {
        const ta = (py - reach) / dy;
        const tb = (py + reach) / dy;
        t0 = Math.max(0, Math.min(ta, tb));
        t1 = Math.min(1, Math.max(ta, tb));
      }
      const from = Math.max(0, Math.ceil(ax + Math.min(t0 * dx, t1 * dx) - reach - 0.5));
      const to = Math.min(this.width - 1, Math.floor(ax + Math.max(t0 * dx, t1 * dx) + reach - 0.5));
      for (let x = from; x <= to; x++) {
        const px = x + 0.5 - ax;
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) * inverse));
        const distanceSquared = (px - t * dx) ** 2 + (py - t * dy) ** 2;
        if (distanceSquared < reach * reach) this.raise(y, x, band(Math.sqrt(distanceSquared), -halfWidth, halfWidth));
      }
    }
  }

  /**
   * Adds the pixels between `inner` and `outer` pixels from a centre: a ring, or a disc when
   * `inner` is -`outer`.
   */
  addRing(cx: number, cy: number, inner: number, outer: number): void {
    const reach = outer + 0.5;
    const first = Math.max(0, Math.ceil(cy - reach - 0.5));
    const last = Math.min(this.height - 1, Math.floor(cy + reach - 0.5));
    const from = Math.max(0, Math.ceil(cx - reach - 0.5));
    const to = Math.min(this.width - 1, Math.floor(cx + reach - 0.5));
    if (from > to) return;
    for (let y = first; y <= last; y++) {
      for (let x = from; x <= to; x++)
        this.raise(y, x, band(Math.sqrt((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2), inner, outer));
    }
  }

  private raise(y: number, x: number, coverage: number): void {
    const at = y * this.stride + x;
    if (coverage <= this.cells[at]) return;
    if (this.cells[at] === 0) {
      if (this.touchedCount === this.touched.length) this.touched = growTo(this.touched, this.touchedCount * 2);
      this.touched[this.touchedCount++] = at;
    }
    this.cells[at] = coverage;
  }

  /** Gives the cells (all zero once every shape is drained) to the next image drawn; this one is done. */
  release(): void {
    spare = new Float32Array(this.cells.buffer);
    this.cells = new Float32Array(0);
  }

  /**
   * Hands the shape to `paint` as runs of pixels of equal coverage (0 to 1): pixels `from` to `to`
   * (exclusive) of row y. Clears it on the way, so the next shape starts from nothing.
   * @param rule 'evenodd' for shapes gathered with addEdge, 'max' for the others.
   */
  drain(rule: 'evenodd' | 'max', paint: (y: number, from: number, to: number, coverage: number) => void): void {
    if (rule === 'max') return this.drainTouched(paint);
    for (let y = this.top; y <= this.bottom; y++) {
      if (this.rowFrom[y] < this.rowTo[y]) this.drainRow(y, paint);
      this.rowFrom[y] = this.stride;
      this.rowTo[y] = 0;
    }
    this.top = this.height;
    this.bottom = -1;
  }

  private drainRow(y: number, paint: (y: number, from: number, to: number, coverage: number) => void): void {
    const cells = this.cells;
    const row = y * this.stride;
    const to = this.rowTo[y];
    const last = Math.min(to, this.width);
    let sum = 0;
    for (let x = this.rowFrom[y]; x < to;) {
      sum += cells[row + x];
      cells[row + x] = 0;
      // Between edges the running sum, and so the coverage, stays as it is: one run.
      let end = x + 1;
      while (end < to && cells[row + end] === 0) end++;
      const coverage = evenOdd(Math.abs(sum));
      if (coverage > 0 && x < last) paint(y, x, Math.min(end, last), coverage);
      x = end;
    }
  }

  private drainTouched(paint: (y: number, from: number, to: number, coverage: number) => void): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const at = this.touched[i];
      const y = Math.floor(at / this.stride);
      paint(y, at - y * this.stride, at - y * this.stride + 1, this.cells[at]);
      this.cells[at] = 0;
    }
    this.touchedCount = 0;
  }
}

function growTo(array: Int32Array, length: number) {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

/** A winding number folded by the even-odd rule: inside at 1, 3, ..., outside at 0, 2, ... */
function evenOdd(winding: number): number {
  // Past 2 only where rings overlap: the modulo is left to those pixels.
  const folded = winding <= 2 ? winding : winding % 2;
  return folded > 1 ? 2 - folded : folded;
}

/**
 * The share of a pixel whose centre is `distance` from a shape's centre line (or centre) lying
 * between `inner` and `outer` from it: the overlap of the pixel's width with that band. Exact for
 * straight edges along the pixel grid, and close enough in other directions at these widths.
 */
function band(distance: number, inner: number, outer: number): number {
  return Math.max(0, Math.min(distance + 0.5, outer) - Math.max(distance - 0.5, inner));
}
