import { describe, expect, it } from 'vitest';
import {
  IMAGE_SIZES,
  thumbnailImage,
  thumbnailUrl,
  candidateWidths,
  coverImageUrl,
  imageSrcset,
  isVariantFile,
  mediaVariantPath,
  objectPosition,
  responsiveImage,
  variantFile,
} from '../../../../src/lib/site/images';

describe('cover images', () => {
  it('ask the CMS for 1920 × 1080, keeping an existing query', () => {
    expect(coverImageUrl('/media/covers/a.webp')).toBe('/media/covers/a.webp?width=1920&height=1080');
    expect(coverImageUrl('https://cdn.example/a.jpg?v=2')).toBe('https://cdn.example/a.jpg?v=2&width=1920&height=1080');
  });

  it('crop around the focal point', () => {
    expect(objectPosition({ x: 0.25, y: 0.8 })).toBe('25% 80%');
    expect(objectPosition()).toBe('50% 50%');
  });
});

describe('srcset', () => {
  it('offers the standard widths below the image’s own, then its own up to 1280, heights in proportion', () => {
    expect(candidateWidths(1920)).toEqual([320, 640, 960, 1280]);
    expect(candidateWidths(1920, [640, 960, 1280])).toEqual([640, 960, 1280]);
    expect(candidateWidths(1920, [640, 720, 960])).toEqual([640, 720, 960]);
    expect(candidateWidths(800, [320, 640, 960])).toEqual([320, 640, 800]);
    expect(candidateWidths(700, [640, 720, 960])).toEqual([640, 700]);
    expect(candidateWidths(1200)).toEqual([320, 640, 960, 1200]);
    expect(candidateWidths(600)).toEqual([320, 600]);
    expect(candidateWidths(300)).toEqual([300]);
    expect(imageSrcset({ url: '/media/p/a-poster.webp', width: 600, height: 900 })).toBe(
      '/media/p/a-poster.webp?width=320&height=480 320w,/media/p/a-poster.webp?width=600&height=900 600w',
    );
  });

  it('gives src at the image’s own size, with the place’s sizes, width and height for layout', () => {
    const image = responsiveImage({ url: 'https://cdn.example/c.jpg?v=1', width: 1920, height: 1080 }, 'cover');
    expect(image.src).toBe('https://cdn.example/c.jpg?v=1&width=1920&height=1080');
    // 720 for a phone up to two dppx (about 380 CSS px: 665–760 device px), 960 above.
    expect(image.srcset.split(',')).toEqual([
      'https://cdn.example/c.jpg?v=1&width=720&height=405 720w',
      'https://cdn.example/c.jpg?v=1&width=960&height=540 960w',
    ]);
    expect(image).toMatchObject({ sizes: IMAGE_SIZES.cover, width: 1920, height: 1080 });
    expect(responsiveImage({ url: '/t.webp', width: 480, height: 320 }, 'card').srcset).toBe(
      '/t.webp?width=320&height=213 320w,/t.webp?width=480&height=320 480w',
    );
  });

  it('gives a programme thumbnail one URL at 320 px wide, or at its own size when smaller', () => {
    expect(thumbnailUrl({ url: '/media/p/a-poster.webp', width: 600, height: 900 })).toBe('/media/p/a-poster.webp?width=320&height=480');
    expect(thumbnailUrl({ url: 'https://cdn.example/p.jpg?v=2', width: 200, height: 300 })).toBe('https://cdn.example/p.jpg?v=2&width=200&height=300');
    expect(thumbnailImage({ url: '/c.webp', width: 1920, height: 1080 }, 640)).toEqual({ src: '/c.webp?width=640&height=360', width: 640, height: 360 });
  });

  it('offers a film hero’s poster at phone and desktop widths only', () => {
    const poster = responsiveImage({ url: '/media/p/a-poster.webp', width: 600, height: 900 }, 'poster');
    expect(poster.srcset).toBe('/media/p/a-poster.webp?width=320&height=480 320w,/media/p/a-poster.webp?width=600&height=900 600w');
    expect(poster.sizes).toBe(IMAGE_SIZES.poster);
    // A poster card is two to a phone's row: the 320 copy serves it up to about twice the density.
    expect(responsiveImage({ url: '/p.webp', width: 600, height: 900 }, 'posterCard')).toMatchObject({
      srcset: '/p.webp?width=320&height=480 320w,/p.webp?width=600&height=900 600w',
      sizes: '(min-width:48em) 11rem,44vw',
    });
  });
});

describe('local media variants', () => {
  const made = new Set(['/media/covers/a.w640.webp', '/media/covers/a.w320.webp', '/media/covers/a.w720.webp']);
  const exists = (path: string) => made.has(path);

  it('name a copy by its width before the extension', () => {
    expect(variantFile('/media/covers/a.webp', 640)).toBe('/media/covers/a.w640.webp');
    expect(isVariantFile('/media/covers/a.w640.webp')).toBe(true);
    expect(isVariantFile('/media/covers/a.webp')).toBe(false);
  });

  it('answer ?width= with the copy the build made, and anything else with the original', () => {
    expect(mediaVariantPath('/media/covers/a.webp', 'width=640&height=360', exists)).toBe('/media/covers/a.w640.webp');
    expect(mediaVariantPath('/media/covers/a.webp', '?width=320', exists)).toBe('/media/covers/a.w320.webp');
    // The cover's phone width is a copy like the others.
    expect(mediaVariantPath('/media/covers/a.webp', 'width=720&height=405', exists)).toBe('/media/covers/a.w720.webp');
    expect(mediaVariantPath('/media/covers/a.webp', 'width=960', exists)).toBeNull();
    expect(mediaVariantPath('/media/covers/a.webp', 'width=641', exists)).toBeNull();
    expect(mediaVariantPath('/media/covers/a.webp', 'width=../../etc/passwd', exists)).toBeNull();
    expect(mediaVariantPath('/media/covers/a.webp', '', exists)).toBeNull();
    expect(mediaVariantPath('/media/covers/a.w640.webp', 'width=320', exists)).toBeNull();
    expect(mediaVariantPath('/kinoprogram', 'width=640', exists)).toBeNull();
  });
});
