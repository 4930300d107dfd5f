/**
 * Trailers: the play link is replaced by the youtube-nocookie player only when clicked, so no
 * request reaches the video host before the visitor asks (src/components/Trailer.astro).
 */
import { isTrailerId, trailerEmbedUrl } from '../lib/site/trailer';

export function playTrailer(container: HTMLElement): HTMLIFrameElement | null {
  const id = container.dataset['videoId'] ?? '';
  const frame = container.querySelector<HTMLElement>('[data-trailer-frame]');
  if (!frame || !isTrailerId(id)) return null;
  const player = document.createElement('iframe');
  player.src = trailerEmbedUrl(id);
  player.title = container.dataset['title'] ?? 'Trailer';
  player.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  player.allowFullscreen = true;
  player.referrerPolicy = 'strict-origin-when-cross-origin';
  player.className = 'trailer__player';
  frame.replaceChildren(player);
  player.focus();
  return player;
}

let started = false;

export function enhanceTrailers(root: Document): void {
  if (started) return;
  started = true;
  for (const container of root.querySelectorAll<HTMLElement>('[data-trailer]')) {
    const play = container.querySelector<HTMLAnchorElement>('[data-trailer-play]');
    play?.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (playTrailer(container)) event.preventDefault();
    });
  }
}
