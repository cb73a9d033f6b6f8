/** The eight bytes every PNG file starts with. */
export const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The image's size from its IHDR chunk (bytes 16-23, big-endian); throws for a file that is not a PNG. */
export function readPngSize(file: Buffer): { width: number; height: number } {
  const signature = [...file.subarray(0, pngSignature.length)];
  if (signature.join() !== pngSignature.join()) throw new Error(`not a PNG: starts with ${Buffer.from(signature).toString('hex')}`);
  if (file.toString('ascii', 12, 16) !== 'IHDR') throw new Error('the PNG does not start with its IHDR chunk');
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}
