/** Image URLs for the CMS media service. */

/** Size the CMS is asked for when a cover image is delivered (SPEC §9). */
export const COVER_QUERY = { width: 1920, height: 1080 } as const;

/** Adds the cover size query to a CMS image URL, keeping any query it already has. */
export function coverImageUrl(url: string): string {
  const [base, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('width', String(COVER_QUERY.width));
  params.set('height', String(COVER_QUERY.height));
  return `${base}?${params.toString()}`;
}

/** CSS object-position for a focal point; centre when there is none. */
export function objectPosition(focalPoint?: { x: number; y: number }): string {
  const { x, y } = focalPoint ?? { x: 0.5, y: 0.5 };
  return `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;
}
