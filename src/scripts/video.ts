/**
 * Click-to-load video players (src/components/VideoPlayer.astro): the play link is replaced by
 * the host's player only when clicked, so no request reaches the video host before the visitor
 * asks. Trailers and videos in editorial text alike.
 */
import { isVideoId, videoPlayerUrl } from '../lib/site/video';

export function playVideo(container: HTMLElement): HTMLIFrameElement | null {
  const { videoHost = '', videoId = '', videoHash, title } = container.dataset;
  const frame = container.querySelector<HTMLElement>('[data-video-frame]');
  if (!frame || (videoHost !== 'youtube' && videoHost !== 'vimeo') || !isVideoId(videoHost, videoId)) return null;
  let src: string;
  try {
    src = videoPlayerUrl({ host: videoHost, id: videoId, hash: videoHash || undefined });
  } catch {
    return null;
  }
  const player = document.createElement('iframe');
  player.src = src;
  player.title = title ?? 'Video';
  player.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  player.allowFullscreen = true;
  player.referrerPolicy = 'strict-origin-when-cross-origin';
  player.className = 'video__player';
  frame.replaceChildren(player);
  player.focus();
  return player;
}

let started = false;

export function enhanceVideos(root: Document): void {
  if (started) return;
  started = true;
  for (const container of root.querySelectorAll<HTMLElement>('[data-video]')) {
    const play = container.querySelector<HTMLAnchorElement>('[data-video-play]');
    play?.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (playVideo(container)) event.preventDefault();
    });
  }
}
