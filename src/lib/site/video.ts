/**
 * Videos the site plays: film trailers (features.trailerYoutubeId) and players editors embed in
 * their texts. One list for the import's sanitiser (which players it keeps), the pages (which
 * they render as click-to-load players) and the CSP (frame-src). Nothing is fetched from a video
 * host until the visitor presses play: YouTube through its privacy-enhanced player
 * (youtube-nocookie.com), Vimeo with do-not-track (dnt=1).
 */

export type VideoHost = 'youtube' | 'vimeo';

export interface Video {
  host: VideoHost;
  id: string;
  /** Vimeo's privacy hash of an unlisted video (the `h` parameter), if any. */
  hash?: string | undefined;
}

/** The players' origins: the CSP's frame-src allows these and nothing else. */
export const VIDEO_ORIGINS: Record<VideoHost, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

/** The name visitors know each host by. */
export const VIDEO_HOST_NAMES: Record<VideoHost, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

const ID_PATTERNS: Record<VideoHost, RegExp> = { youtube: /^[\w-]{11}$/, vimeo: /^\d{1,12}$/ };
const VIMEO_HASH = /^[0-9a-f]{6,32}$/;

export function isVideoId(host: VideoHost, id: string): boolean {
  return ID_PATTERNS[host].test(id);
}

function checked(video: Video): Video {
  if (!isVideoId(video.host, video.id)) throw new Error(`Not a ${VIDEO_HOST_NAMES[video.host]} video id: ${video.id}`);
  if (video.hash !== undefined && !VIMEO_HASH.test(video.hash)) throw new Error(`Not a Vimeo hash: ${video.hash}`);
  return video;
}

/**
 * The video an embedded player's URL names: YouTube's `/embed/{id}` on www.youtube.com,
 * youtube.com or www.youtube-nocookie.com, and Vimeo's `player.vimeo.com/video/{id}`. Anything
 * else (other hosts, other paths, http, odd ids) is null.
 */
export function videoFromEmbedUrl(src: string): Video | null {
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const youtube = /^\/embed\/([^/]+)\/?$/.exec(url.pathname);
  if (['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'].includes(url.hostname) && youtube) {
    const id = youtube[1] ?? '';
    return isVideoId('youtube', id) ? { host: 'youtube', id } : null;
  }
  const vimeo = /^\/video\/(\d+)\/?$/.exec(url.pathname);
  if (url.hostname === 'player.vimeo.com' && vimeo) {
    const id = vimeo[1] ?? '';
    const hash = url.searchParams.get('h') ?? undefined;
    if (!isVideoId('vimeo', id) || (hash !== undefined && !VIMEO_HASH.test(hash))) return null;
    return hash ? { host: 'vimeo', id, hash } : { host: 'vimeo', id };
  }
  return null;
}

function vimeoQuery(video: Video, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...(video.hash ? { h: video.hash } : {}), dnt: '1', ...extra }).toString();
}

/** The player's URL as the content keeps it (no autoplay): what the sanitiser writes. */
export function videoEmbedUrl(video: Video): string {
  const { host, id } = checked(video);
  return host === 'youtube' ? `${VIDEO_ORIGINS.youtube}/embed/${id}` : `${VIDEO_ORIGINS.vimeo}/video/${id}?${vimeoQuery(video)}`;
}

/** The player, starting at once (the visitor just asked for it). */
export function videoPlayerUrl(video: Video): string {
  const { host, id } = checked(video);
  return host === 'youtube'
    ? `${VIDEO_ORIGINS.youtube}/embed/${id}?autoplay=1&rel=0`
    : `${VIDEO_ORIGINS.vimeo}/video/${id}?${vimeoQuery(video, { autoplay: '1' })}`;
}

/** Where the play link goes without JavaScript. */
export function videoWatchUrl(video: Video): string {
  const { host, id, hash } = checked(video);
  return host === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`;
}

/** A part of editorial HTML: markup as it is, or an embedded video to render as a player. */
export type RichTextPart = { type: 'html'; html: string } | { type: 'video'; video: Video; title: string };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&#x27;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|quot|lt|gt|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Cuts sanitised HTML at its embedded players. The import writes each as
 * `<iframe src="…" title="…"></iframe>` with a URL of videoEmbedUrl; those become video parts,
 * the rest stays markup. An iframe of any other form is left in the markup as it is.
 */
export function splitVideos(html: string): RichTextPart[] {
  const parts: RichTextPart[] = [];
  let last = 0;
  for (const match of html.matchAll(/<iframe src="([^"<>]*)"(?: title="([^"<>]*)")?><\/iframe>/g)) {
    const video = videoFromEmbedUrl(decode(match[1] ?? ''));
    if (!video) continue;
    if (match.index > last) parts.push({ type: 'html', html: html.slice(last, match.index) });
    parts.push({ type: 'video', video, title: decode(match[2] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < html.length) parts.push({ type: 'html', html: html.slice(last) });
  return parts;
}
