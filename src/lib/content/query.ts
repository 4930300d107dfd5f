/**
 * The one place the Astro build reads content: every collection once, in snapshot order,
 * shaped as SiteContent for the pure modules in src/lib.
 */
import { getCollection } from 'astro:content';
import { contentFiles, type ContentKey, type SiteContent } from './files';

let cached: Promise<SiteContent> | undefined;

async function load(): Promise<SiteContent> {
  const entries = await Promise.all(
    (Object.keys(contentFiles) as ContentKey[]).map(async (key) => {
      const records = (await getCollection(key)).sort((a, b) => a.id.localeCompare(b.id)).map((entry) => entry.data);
      return [key, contentFiles[key].many ? records : records[0]] as const;
    }),
  );
  return Object.fromEntries(entries) as SiteContent;
}

export function siteContent(): Promise<SiteContent> {
  cached ??= load();
  return cached;
}
