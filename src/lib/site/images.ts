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

/**
 * Widths offered in `srcset`s. Few on purpose: every candidate is written into every page that
 * shows the image, and pages are precached (2 MB in all).
 */
export const STANDARD_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * A cover's smaller width: a 360–412 CSS px phone at 1.75–2 dppx shows the cover 330–380 px
 * wide, 660–760 device px, just too much for a 640 copy, so such a phone took the 960 copy,
 * nearly twice the bytes, and the cover is the page's LCP.
 */
export const COVER_PHONE_WIDTH = 720;

/** Every width a srcset may ask for, and so the copies made for local media. */
export const IMAGE_WIDTHS = [320, 640, COVER_PHONE_WIDTH, 960, 1280] as const;

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

/**
 * The widths offered for an image: those of `widths` (ascending) below its own, then its own
 * while that is no larger than the largest of `widths`. A larger image's `src` stays its full
 * size, for browsers without `srcset`.
 */
export function candidateWidths(width: number, widths: readonly number[] = STANDARD_WIDTHS): number[] {
  const largest = widths[widths.length - 1] ?? 0;
  const below = widths.filter((candidate) => candidate < width);
  return width <= largest ? [...below, width] : below;
}

/** `srcset` for an image: each candidate width with its height in proportion. */
export function imageSrcset(image: SizedImage, widths?: readonly number[]): string {
  return candidateWidths(image.width, widths)
    .map((width) => `${sizedImageUrl(image.url, width, (width * image.height) / image.width)} ${width}w`)
    .join(',');
}

/**
 * `sizes` for the places images appear, following src/styles/global.css, kept short (they are in
 * every page): the cover fills half the 72 rem measure from 48 em and nearly the width below;
 * cards fill a column of the card grid (at least 15 rem); wide images the measure; the film
 * hero's poster its narrow column; a poster card a column of at least 10 rem (two on a phone:
 * half of the width less the margins and the gap, about 44 vw).
 */
export const IMAGE_SIZES = {
  cover: '(min-width:48em) 34rem,92vw',
  card: '(min-width:34rem) 18rem,92vw',
  wide: '(min-width:72rem) 70rem,92vw',
  poster: '(min-width:64em) 14rem,(min-width:48em) 13rem,7rem',
  posterCard: '(min-width:48em) 11rem,44vw',
} as const;

/**
 * The widths worth offering per place. A cover is never narrower than 288 CSS px, and at most
 * 34 rem: 720 (COVER_PHONE_WIDTH) serves phones up to twice the density and one-dppx screens,
 * 960 phones at three and desktops (where the cover takes half the page, 960 is near enough at
 * twice the density). Two candidates only: each adds about 75 bytes to every page with a cover,
 * and pages are precached; a 640 one would save a one-dppx screen a quarter of the bytes. The
 * film hero's poster is 5.5–14 rem wide (src/styles/programme.css): 320 serves phones, 640
 * desktops at twice the density.
 */
const PLACE_WIDTHS = {
  cover: [COVER_PHONE_WIDTH, 960],
  card: STANDARD_WIDTHS,
  wide: [640, 960, 1280],
  poster: [320, 640],
  posterCard: [320, 640],
} as const satisfies Record<keyof typeof IMAGE_SIZES, readonly (typeof IMAGE_WIDTHS)[number][]>;

/** The attributes of a responsive `<img>` in one of the IMAGE_SIZES places: src (the image's own size), srcset, sizes, width, height. */
export function responsiveImage(image: SizedImage, place: keyof typeof IMAGE_SIZES) {
  return {
    src: sizedImageUrl(image.url, image.width, image.height),
    srcset: imageSrcset(image, PLACE_WIDTHS[place]),
    sizes: IMAGE_SIZES[place],
    width: image.width,
    height: image.height,
  };
}

/**
 * One URL for a small image that is never shown wider than about `width` / 4 CSS px (the
 * programme's 4–5 rem posters): the image at `width`, or at its own size when that is smaller.
 * A single `src` instead of a `srcset`, since such an image is repeated on every row of a page.
 */
export function thumbnailUrl(image: SizedImage, width: number = STANDARD_WIDTHS[0]): string {
  return thumbnailImage(image, width).src;
}

/**
 * A list image at one width (src, width, height), for lists long enough that a `srcset` per
 * row would weigh more than it saves: the culture programme's cards take the 640 copy, enough
 * for their 16–22 rem at twice the density.
 */
export function thumbnailImage(image: SizedImage, width: number) {
  const scaled = Math.min(width, image.width);
  const height = Math.round((scaled * image.height) / image.width);
  return { src: sizedImageUrl(image.url, scaled, height), width: scaled, height };
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
