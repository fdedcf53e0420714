import sharp from 'sharp';

/** Encodes RGBA pixels as PNG. */
export function encodePng(image: { width: number; height: number; pixels: Uint8ClampedArray }): Promise<Buffer> {
  return sharp(Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** Rasterises an SVG document to PNG at its own width and height (librsvg, through sharp). */
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}

/** Decodes a PNG into RGBA pixels (for tests and checks). */
export async function decodePng(png: Buffer): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}
