/**
 * The box office's events call (the platform's runtime API, SPEC §7), through the shared HTTP
 * layer. It carries no credentials: the events are public data, the same for every visitor, so
 * no cookie of ours (the film club's session included) has any business going along.
 */
import { createHttpClient, type HttpClient } from '../http';
import type { BoxOfficeSettings } from './settings';

/** A visitor should not wait for ever on a hung box office; the build's data stands meanwhile. */
export const BOX_OFFICE_TIMEOUT_MS = 10_000;

export interface BoxOfficeApi {
  /** Current data of these events (times, availability, links), as the box office answers. */
  events(ids: readonly string[]): Promise<unknown[]>;
}

/** A list answer; anything else (an HTML error page from a gateway, say) is a failure. */
export class UnexpectedEventsAnswer extends Error {
  constructor(readonly body: unknown) {
    super('Unexpected answer from the box office');
  }
}

export function createBoxOfficeApi(settings: BoxOfficeSettings | null, http?: HttpClient): BoxOfficeApi | null {
  if (!settings?.apiUrl) return null;
  const client = http ?? createHttpClient({ baseURL: settings.apiUrl, timeout: BOX_OFFICE_TIMEOUT_MS });
  return {
    async events(ids) {
      const answer = await client.request('events', { query: { keys: ids.join(','), site: settings.site } });
      if (!Array.isArray(answer)) throw new UnexpectedEventsAnswer(answer);
      return answer as unknown[];
    },
  };
}
