import sharp from 'sharp';

// A phone photo: a JPEG that carries EXIF with the camera and GPS coordinates (Kadıköy).
export function photoWithGps(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SquadTestCamera', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 59/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '29/1 1/1 42/1',
      },
    })
    .toBuffer();
}

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 80, b: 120, alpha: 1 } } })
    .png()
    .toBuffer();

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
