/**
 * Image URLs for the CMS media service, and the responsive sets built on them.
 *
 * The platform scales an image to the size its query names (`?width=…&height=…`, SPEC §9).
 * Pages offer each image at the widths of `IMAGE_WIDTHS` below its own (and its own) through a
 * `srcset`, so a phone downloads a phone-sized copy. The demo's local `/media/` files answer the
 * same query: the build writes a copy per width beside each file (`name.w640.webp`,
 * `variantFile`), and nginx and `astro preview` serve it for `?width=640` (`mediaVariantPath`).
 */

/** Size the CMS is asked for when a cover image is delivered (SPEC §9). */
export const COVER_QUERY = { width: 1920, height: 1080 } as const;

/** Widths offered in every `srcset` below an image's own width, and made for local media. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

export interface SizedImage {
  url: string;
  width: number;
  height: number;
}

/** The URL asking the platform for `width` × `height`, keeping any query the URL already has. */
export function sizedImageUrl(url: string, width: number, height: number): string {
  const [base, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('width', String(Math.round(width)));
  params.set('height', String(Math.round(height)));
  return `${base}?${params.toString()}`;
}

/** Adds the cover size query to a CMS image URL, keeping any query it already has. */
export function coverImageUrl(url: string): string {
  return sizedImageUrl(url, COVER_QUERY.width, COVER_QUERY.height);
}

/** The widths offered for an image: those of IMAGE_WIDTHS below its own, then its own. */
export function candidateWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < width), width];
}

/** `srcset` for an image: each candidate width with its height in proportion. */
export function imageSrcset(image: SizedImage): string {
  return candidateWidths(image.width)
    .map((width) => `${sizedImageUrl(image.url, width, (width * image.height) / image.width)} ${width}w`)
    .join(', ');
}

/**
 * `sizes` for the places images appear (kept beside the CSS they follow, src/styles/global.css):
 * the cover fills half the 72 rem measure from 48 em and the width less its padding below;
 * cards fill a column of the card grid (min 15 rem); posters in lists are small and fixed.
 */
export const IMAGE_SIZES = {
  cover: '(min-width: 72rem) 34rem, (min-width: 48em) calc(50vw - 2rem), calc(100vw - 2rem)',
  card: '(min-width: 72rem) 17rem, (min-width: 34rem) calc(50vw - 2rem), calc(100vw - 2rem)',
  wide: '(min-width: 72rem) 70rem, calc(100vw - 2rem)',
} as const;

/** The attributes of a responsive `<img>`: src (the image's own size), srcset, sizes, width, height. */
export function responsiveImage(image: SizedImage, sizes: string) {
  return {
    src: sizedImageUrl(image.url, image.width, image.height),
    srcset: imageSrcset(image),
    sizes,
    width: image.width,
    height: image.height,
  };
}

/** 'a/b.webp', 640 → 'a/b.w640.webp': where the build keeps a local image's copy at a width. */
export function variantFile(path: string, width: number): string {
  return path.replace(/(\.[A-Za-z0-9]+)$/, `.w${width}$1`);
}

/** True for a copy `variantFile` made, which is never a source of copies itself. */
export function isVariantFile(path: string): boolean {
  return /\.w\d+\.[A-Za-z0-9]+$/.test(path);
}

/**
 * The file that answers a request for local media: the copy at `?width=` when it is one of
 * IMAGE_WIDTHS and the build made it (`exists`), else the original. Any other query, or a
 * path outside /media/, is left alone (null).
 */
export function mediaVariantPath(pathname: string, search: string, exists: (path: string) => boolean): string | null {
  if (!pathname.startsWith('/media/') || !/\.(webp|jpe?g|png|avif)$/i.test(pathname) || isVariantFile(pathname)) return null;
  const width = Number(new URLSearchParams(search).get('width'));
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  const variant = variantFile(pathname, width);
  return exists(variant) ? variant : null;
}

/** CSS object-position for a focal point; centre when there is none. */
export function objectPosition(focalPoint?: { x: number; y: number }): string {
  const { x, y } = focalPoint ?? { x: 0.5, y: 0.5 };
  return `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;
}
