/**
 * The picture at the top of a page (a cover's image, a production's poster or picture), which is
 * its largest paint on a phone. The components draw it from here, and the page's head preloads
 * the same candidates (`<link rel="preload" as="image" imagesrcset imagesizes>`): the `<img>`
 * itself comes after the inline stylesheet and the header, so a browser on a slow line would
 * otherwise find it only once those had arrived.
 */
import type { BlockData, Image, Production, Article } from '../../schemas';
import type { PageView } from './page-view';
import { blockInput } from './block-input';
import { responsiveImage, type IMAGE_SIZES } from '../site/images';

/** The image a full cover shows: the block's own, else its record's (an article's image, a production's first picture). */
export function coverImage(data: BlockData | undefined, record: Article | Production | null | undefined): Image | undefined {
  if (data?.type === 'cover') return data.image ?? undefined;
  if (record && 'slug' in record) return record.image ?? undefined;
  if (record) return record.assets.find((asset) => asset.type === 'first_image');
  return undefined;
}

/** What a production's hero shows: a film's poster, else the first picture (or any asset), and in which place. */
export function heroMedia(production: Production): { image: Image; place: keyof typeof IMAGE_SIZES } | undefined {
  const poster = production.assets.find((asset) => asset.type === 'poster');
  if (production.object === 'movie' && poster) return { image: poster, place: 'poster' };
  const image = production.assets.find((asset) => asset.type === 'first_image') ?? production.assets[0];
  return image ? { image, place: 'cover' } : undefined;
}

/** What the head's preload link needs: the same candidates the `<img>` chooses from. */
export interface LeadImagePreload {
  href: string;
  imagesrcset: string;
  imagesizes: string;
}

/**
 * The picture the page's first block draws at the top, if it draws one: a production's hero, or
 * a full cover (a compact heading has none). Undefined when the page opens with anything else.
 */
export function leadImage(view: PageView): LeadImagePreload | undefined {
  const first = view.placement.rows[0]?.columns[0]?.blocks[0];
  if (!first || first.component !== 'cover') return undefined;
  const { production, article, data } = blockInput(first, view);
  let drawn: { image: Image; place: keyof typeof IMAGE_SIZES } | undefined;
  if (production && !data) drawn = heroMedia(production);
  else if (view.placement.cover !== 'heading') {
    const image = coverImage(data, article ?? production);
    drawn = image ? { image, place: 'cover' } : undefined;
  }
  if (!drawn) return undefined;
  const { src, srcset, sizes } = responsiveImage(drawn.image, drawn.place);
  return { href: src, imagesrcset: srcset, imagesizes: sizes };
}
