/**
 * The language of the site's text, from the platform's locale code. The platform knows one
 * Norwegian locale, 'nb', and names the site's locale so (content/config.json, SPEC); the texts
 * of this house are written in nynorsk, and the markup must name the language the text is in
 * (WCAG 3.1.1: screen readers pick their voice by it, Pagefind its stemmer), so 'nb' means 'nn'
 * here. Every `lang` the site writes for its own pages comes from this one function.
 */
const CONTENT_LANGUAGES: Record<string, string> = { nb: 'nn' };

/** 'nb' → 'nn'; any other locale code is taken as the language it names. */
export function contentLanguage(locale: string): string {
  return CONTENT_LANGUAGES[locale] ?? locale;
}

/**
 * Language names as the content writes them in nynorsk ('dansk og norsk', 'norsk (dubba) og
 * engelsk') turned into BCP 47 codes for structured data. Names we do not know are left out
 * rather than guessed.
 */

const CODES: Record<string, string> = {
  norsk: 'no',
  bokmål: 'nb',
  nynorsk: 'nn',
  samisk: 'se',
  nordsamisk: 'se',
  engelsk: 'en',
  dansk: 'da',
  svensk: 'sv',
  islandsk: 'is',
  finsk: 'fi',
  tysk: 'de',
  fransk: 'fr',
  spansk: 'es',
  portugisisk: 'pt',
  italiensk: 'it',
  nederlandsk: 'nl',
  polsk: 'pl',
  russisk: 'ru',
  ukrainsk: 'uk',
  arabisk: 'ar',
  persisk: 'fa',
  tyrkisk: 'tr',
  japansk: 'ja',
  kinesisk: 'zh',
  koreansk: 'ko',
  hindi: 'hi',
};

/** The code of one language name, or undefined. */
export function languageCode(name: string): string | undefined {
  return CODES[name.trim().toLowerCase()];
}

export interface SpokenLanguages {
  /** Languages the film was made in. */
  original: string[];
  /** Languages it is dubbed into ('norsk (dubba)'). */
  dubbed: string[];
}

/** 'norsk (dubba) og engelsk' → original ['en'], dubbed ['no']. */
export function spokenLanguages(text: string): SpokenLanguages {
  const result: SpokenLanguages = { original: [], dubbed: [] };
  for (const part of text.split(/,|\bog\b|\//)) {
    const dubbed = /\(\s*dubba\s*\)/i.test(part);
    const code = languageCode(part.replace(/\(.*?\)/g, ''));
    if (!code) continue;
    const list = dubbed ? result.dubbed : result.original;
    if (!list.includes(code)) list.push(code);
  }
  return result;
}

export interface VersionFacts {
  videoFormat?: string;
  /** Spoken language of this version when it says so ('norsk tale'). */
  spoken?: string;
  /** Subtitle language when it says so ('norsk tekst'). */
  subtitles?: string;
  /** 'originalversjon': the film's own language. */
  original: boolean;
}

/** What a showtime's version text tells: '2D, originalversjon, norsk tekst'. */
export function versionFacts(version: string | undefined): VersionFacts {
  if (!version) return { original: false };
  const format = /\b(2D|3D|IMAX|4DX)\b/i.exec(version)?.[1];
  const spoken = /(\p{L}+)\s+tale\b/iu.exec(version)?.[1];
  const subtitles = /(\p{L}+)\s+tekst\b/iu.exec(version)?.[1];
  const spokenCode = spoken ? languageCode(spoken) : undefined;
  const subtitleCode = subtitles ? languageCode(subtitles) : undefined;
  return {
    ...(format ? { videoFormat: format.toUpperCase() } : {}),
    ...(spokenCode ? { spoken: spokenCode } : {}),
    ...(subtitleCode ? { subtitles: subtitleCode } : {}),
    original: /originalversjon/i.test(version),
  };
}
