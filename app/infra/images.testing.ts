import sharp from "sharp";

/**
 * Images made for tests and the bench (never shipped): a decompression bomb as the image reader first sees it.
 * Shared by app/infra/images.server.test.ts (it is refused) and bench/image.ts (how fast).
 */

/** A valid PNG whose header claims other dimensions: what a decompression bomb looks like to the reader. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#2a6fb5" } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (4) + "IHDR" (4) at offset 8; width and height follow, then the CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
