import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageSize, sniffImageFormat } from '../src/image-content.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 30 } } });

/** A png of `width` × `height` whose header is all there is: no decoder could use it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

describe('imageSize: width × height from the header, without decoding', () => {
  it.each(['png', 'gif', 'jpeg'] as const)('%s written by sharp: 37 × 53', async (format) => {
    const data = await picture(37, 53)
      .withExif({ IFD0: { Make: 'SlipPhone' } })
      .toFormat(format)
      .toBuffer();
    expect(imageSize(data, sniffImageFormat(data)!)).toEqual({ width: 37, height: 53 });
  });

  it('a progressive jpeg (SOF2) after its metadata segments', async () => {
    const data = await picture(640, 480)
      .jpeg({ progressive: true })
      .withExif({ IFD0: { Make: 'x' } })
      .toBuffer();
    expect(imageSize(data, 'jpeg')).toEqual({ width: 640, height: 480 });
  });

  it('a crafted png header of 30000 × 30000 is read as such, at once', () => {
    expect(imageSize(pngHeaderOnly(30_000, 30_000), 'png')).toEqual({ width: 30_000, height: 30_000 });
  });

  it('headers cut short, and webp, give null', async () => {
    const jpeg = await picture(8, 8).jpeg().toBuffer();
    expect(imageSize(jpeg.subarray(0, 4), 'jpeg')).toBeNull();
    expect(imageSize(pngHeaderOnly(1, 1).subarray(0, 20), 'png')).toBeNull();
    expect(imageSize(Buffer.from('GIF89a'), 'gif')).toBeNull();
    expect(imageSize(await picture(8, 8).webp().toBuffer(), 'webp')).toBeNull();
  });
});
