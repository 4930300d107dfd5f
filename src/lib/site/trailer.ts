/** Trailer URLs. The id comes from the content (features.trailerYoutubeId) and is checked again here. */

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The origin of the privacy-enhanced player; also allowed as frame-src in the CSP (astro.config.mjs). */
export const TRAILER_ORIGIN = 'https://www.youtube-nocookie.com';

export function isTrailerId(id: string): boolean {
  return YOUTUBE_ID.test(id);
}

/** The player, starting at once (the visitor just asked for it). */
export function trailerEmbedUrl(id: string): string {
  if (!isTrailerId(id)) throw new Error(`Not a YouTube video id: ${id}`);
  return `${TRAILER_ORIGIN}/embed/${id}?autoplay=1&rel=0`;
}

/** Where the play link goes without JavaScript. */
export function trailerWatchUrl(id: string): string {
  if (!isTrailerId(id)) throw new Error(`Not a YouTube video id: ${id}`);
  return `https://www.youtube.com/watch?v=${id}`;
}
