/**
 * Sizes an image of a view is drawn at, in pixels. `card` is the 1200x630 of Open Graph and Twitter
 * cards; the downloads use it too, so one drawing serves both.
 */
export const IMAGE_SIZES = {
  card: { width: 1200, height: 630 },
} as const;
export type ImageSize = (typeof IMAGE_SIZES)[keyof typeof IMAGE_SIZES];
