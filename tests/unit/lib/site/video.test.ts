/** Video players: which embed URLs name a video, the URLs the site builds, and rich text cut at its players. */
import { describe, expect, it } from 'vitest';
import { splitVideos, VIDEO_ORIGINS, videoEmbedUrl, videoFromEmbedUrl, videoPlayerUrl, videoWatchUrl } from '../../../../src/lib/site/video';

describe('video URLs', () => {
  it('read YouTube and Vimeo embeds and nothing else', () => {
    expect(videoFromEmbedUrl('https://www.youtube.com/embed/kaiaStudio1?start=3')).toEqual({ host: 'youtube', id: 'kaiaStudio1' });
    expect(videoFromEmbedUrl('https://youtube-nocookie.com/embed/kaiaStudio1')).toEqual({ host: 'youtube', id: 'kaiaStudio1' });
    expect(videoFromEmbedUrl('https://player.vimeo.com/video/76979871?h=8a2b3c4d5e&dnt=0')).toEqual({ host: 'vimeo', id: '76979871', hash: '8a2b3c4d5e' });
    for (const url of [
      'https://www.youtube.com:8443/embed/kaiaStudio1',
      'https://a@www.youtube.com/embed/kaiaStudio1',
      'https://m.youtube.com/embed/kaiaStudio1',
      'nonsense',
      '',
    ]) {
      expect(videoFromEmbedUrl(url), url).toBeNull();
    }
  });

  it('play YouTube without cookies and Vimeo without tracking, starting at once', () => {
    expect(videoPlayerUrl({ host: 'youtube', id: 'kaiaTrail01' })).toBe('https://www.youtube-nocookie.com/embed/kaiaTrail01?autoplay=1&rel=0');
    expect(videoPlayerUrl({ host: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(videoEmbedUrl({ host: 'vimeo', id: '76979871', hash: 'abcdef12' })).toBe('https://player.vimeo.com/video/76979871?h=abcdef12&dnt=1');
    expect(videoWatchUrl({ host: 'vimeo', id: '76979871', hash: 'abcdef12' })).toBe('https://vimeo.com/76979871/abcdef12');
    expect(() => videoPlayerUrl({ host: 'youtube', id: 'x"><script>' })).toThrow(/Not a YouTube video id/);
  });

  it('come only from the origins the CSP frames', () => {
    for (const video of [
      { host: 'youtube', id: 'kaiaTrail01' },
      { host: 'vimeo', id: '1' },
    ] as const) {
      expect(Object.values(VIDEO_ORIGINS)).toContain(new URL(videoPlayerUrl(video)).origin);
    }
  });
});

describe('rich text cut at its players', () => {
  it('gives markup and videos in order, with their titles', () => {
    const html =
      '<p>Før</p><iframe src="https://www.youtube-nocookie.com/embed/kaiaStudio1" title="«Studio» &amp; meir"></iframe>' +
      '<p>Midt</p><iframe src="https://player.vimeo.com/video/76979871?h=abcdef12&amp;dnt=1"></iframe>';
    expect(splitVideos(html)).toEqual([
      { type: 'html', html: '<p>Før</p>' },
      { type: 'video', video: { host: 'youtube', id: 'kaiaStudio1' }, title: '«Studio» & meir' },
      { type: 'html', html: '<p>Midt</p>' },
      { type: 'video', video: { host: 'vimeo', id: '76979871', hash: 'abcdef12' }, title: '' },
    ]);
  });

  it('leaves text without players, and frames of any other form, as they are', () => {
    expect(splitVideos('<p>Hei</p>')).toEqual([{ type: 'html', html: '<p>Hei</p>' }]);
    const other = '<iframe src="https://evil.example/x"></iframe>';
    expect(splitVideos(other)).toEqual([{ type: 'html', html: other }]);
  });
});
