/**
 * Film posters on the film-club screens. The partner may send a picture (`Poster`, `poster` or
 * `image`); when it does not, or its picture cannot be loaded, the production's own poster
 * from the content stands in, found by EDI number (a ticket carries none, so by title).
 * The build hands the islands the content's posters as plain data (FilmPoster[]), each as the
 * same small copy the programme shows (a 4–7 rem poster needs no more than 320 px): a tenth of
 * the original's bytes, and the copy a visitor's browser and the service worker already hold
 * after seeing the programme, so Mi side's posters show at once, offline too.
 */
import type { Production } from '../../schemas';
import { thumbnailImage } from '../site/images';

/** A poster from the content, with its alt text and size. */
export interface FilmPoster {
  readonly edis: readonly string[];
  readonly title: string;
  /** The small copy shown (the programme's thumbnail). */
  readonly src: string;
  /** The content's own URL of the picture (which a partner may send back as its poster). */
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

/** What a screen shows: the picture, its alt text, and what to show if it will not load. */
export interface PosterChoice {
  readonly src: string;
  readonly alt: string;
  readonly fallback: FilmPoster | null;
}

/** Width of the poster copy the film-club screens show: the programme's thumbnail. */
const POSTER_WIDTH = 320;

/** The content's film posters (the upright poster, else the cover), one per film. */
export function filmPosters(productions: readonly Production[]): FilmPoster[] {
  const posters: FilmPoster[] = [];
  for (const production of productions) {
    if (production.object !== 'movie') continue;
    const asset = production.assets.find((candidate) => candidate.type === 'poster') ?? production.assets.find((candidate) => candidate.type === 'first_image');
    if (!asset) continue;
    // The alt names the film (a screen shows several) and then says what the picture shows.
    const shows = asset.alt?.replace(/^Filmplakat\.\s*/, '').trim();
    const small = thumbnailImage(asset, POSTER_WIDTH);
    posters.push({
      edis: production.features.edis,
      title: production.title,
      src: small.src,
      url: asset.url,
      alt: shows ? `Plakat for filmen «${production.title}». ${shows}` : `Plakat for filmen «${production.title}»`,
      width: small.width,
      height: small.height,
    });
  }
  return posters;
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('nn') === b.trim().toLocaleLowerCase('nn');

/** Whether a partner's film is this film of the content: by any of its EDI numbers, else (without any) by title. */
export function sameFilm(
  film: { readonly edis?: readonly string[]; readonly title: string },
  content: { readonly edis: readonly string[]; readonly title: string },
): boolean {
  const edis = film.edis ?? [];
  if (edis.length > 0) return content.edis.some((edi) => edis.includes(edi));
  return film.title !== '' && sameTitle(content.title, film.title);
}

/** The content's poster of a film: by any of its EDI numbers, else (without any) by title. */
export function contentPoster(film: { readonly edis?: readonly string[]; readonly title: string }, posters: readonly FilmPoster[]): FilmPoster | null {
  return posters.find((poster) => sameFilm(film, poster)) ?? null;
}

/**
 * The poster to show for a film: the partner's picture when it sent one (its alt names the
 * film, since we cannot know what it shows), else the content's poster with its own alt text.
 */
export function choosePoster(
  film: { readonly edis?: readonly string[]; readonly title: string; readonly picture: string | null },
  posters: readonly FilmPoster[],
): PosterChoice | null {
  const own = contentPoster(film, posters);
  // The partner sending back the content's own picture: the small copy of it, with its alt.
  if (film.picture && own && (own.url === film.picture || own.src === film.picture)) return { src: own.src, alt: own.alt, fallback: null };
  if (film.picture) return { src: film.picture, alt: film.title ? `Plakat for filmen «${film.title}»` : 'Filmplakat', fallback: own };
  return own ? { src: own.src, alt: own.alt, fallback: null } : null;
}
