/**
 * The runtime API's events call (SPEC §7), through the shared HTTP layer. It carries no
 * credentials: the events are public data, the same for every visitor, so no cookie of ours
 * (the film club's session included) has any business going along.
 */
import { createHttpClient, type HttpClient } from '../http';
import type { LiveEventsSettings } from './settings';

/** A visitor should not wait for ever on a hung runtime API; the build's data stands meanwhile. */
export const RUNTIME_TIMEOUT_MS = 10_000;

export interface RuntimeApi {
  /** Current data of these events (times, availability, links), as the runtime API answers. */
  events(ids: readonly string[]): Promise<unknown[]>;
}

/** A list answer; anything else (an HTML error page from a gateway, say) is a failure. */
export class UnexpectedEventsAnswer extends Error {
  constructor(readonly body: unknown) {
    super('Unexpected answer from the runtime API');
  }
}

export function createRuntimeApi(settings: LiveEventsSettings | null, http?: HttpClient): RuntimeApi | null {
  if (!settings?.runtimeUrl) return null;
  const client = http ?? createHttpClient({ baseURL: settings.runtimeUrl, timeout: RUNTIME_TIMEOUT_MS });
  return {
    async events(ids) {
      const answer = await client.request('events', { query: { keys: ids.join(','), site: settings.runtimeSite } });
      if (!Array.isArray(answer)) throw new UnexpectedEventsAnswer(answer);
      return answer as unknown[];
    },
  };
}
