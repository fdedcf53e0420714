const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG colour type of an image written with a palette. */
export const PALETTE = 3;

/** Width, height and colour type from a PNG's IHDR chunk; throws when the bytes are no PNG. */
export function pngHeader(bytes: Buffer): { width: number; height: number; colourType: number } {
  if (!bytes.subarray(0, 8).equals(SIGNATURE) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR')
    throw new Error(`not a PNG: starts ${bytes.subarray(0, 16).toString('hex')}`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes.readUInt8(25) };
}
