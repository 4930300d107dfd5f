import { describe, expect, it } from 'vitest';
import { coverImageUrl, objectPosition } from '../../src/lib/site/images';

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
