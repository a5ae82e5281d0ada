/** A window of a picture, in its pixels. */
export interface CropWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The window of a `width` × `height` picture that fills an `outWidth` × `outHeight` frame when
 * scaled to cover it (like CSS `object-fit: cover`), centred on the focal point (0-1 from the
 * left and the top) and slid back inside the picture where the point is near an edge.
 */
export function focalCrop(
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
  focalX: number,
  focalY: number,
): CropWindow {
  const scale = Math.max(outWidth / width, outHeight / height);
  const cropWidth = Math.min(width, Math.max(1, Math.round(outWidth / scale)));
  const cropHeight = Math.min(height, Math.max(1, Math.round(outHeight / scale)));
  const place = (focal: number, size: number, crop: number) =>
    Math.min(size - crop, Math.max(0, Math.round(clamp01(focal) * size - crop / 2)));
  return {
    left: place(focalX, width, cropWidth),
    top: place(focalY, height, cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);
