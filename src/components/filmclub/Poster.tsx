/**
 * A film's poster on the film-club screens: the partner's picture or the content's own, small,
 * lazy and with its size reserved. A picture that will not load (gone, or from an origin the
 * site's CSP does not allow) gives way to the content's poster, or to nothing.
 */
import { useState } from 'react';
import type { PosterChoice } from '../../lib/filmclub/posters';

export function Poster({ choice, className = 'fc-poster' }: { choice: PosterChoice | null; className?: string }) {
  const [failed, setFailed] = useState<string[]>([]);
  if (!choice) return null;
  const candidates = [{ src: choice.src, alt: choice.alt }, ...(choice.fallback ? [{ src: choice.fallback.src, alt: choice.fallback.alt }] : [])];
  const shown = candidates.find((candidate) => !failed.includes(candidate.src));
  if (!shown) return null;
  return (
    <img
      key={shown.src}
      className={className}
      src={shown.src}
      alt={shown.alt}
      width={200}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((before) => [...before, shown.src])}
    />
  );
}
