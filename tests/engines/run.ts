/**
 * Runs the journeys (journeys.ts) in WebKitGTK and Firefox ESR, both engines at once (each
 * journey one after the other in its engine; every line names its engine), against a site
 * already served (scripts/engines.mjs starts the servers). Returns the failures. The engines
 * share nothing but the servers: each has its own browser profile, and the film-club journey
 * signs up a member of its own per engine.
 */
import { createServer } from 'node:net';
import type { Engine } from './engine';
import { firefox } from './firefox';
import { JOURNEYS } from './journeys';
import { webkit } from './webkit';

export const ENGINE_NAMES = ['webkit', 'firefox'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** A free port on 127.0.0.1 for the WebKit driver. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function runJourneys(options: {
  baseUrl: string;
  filmclub118: string;
  fixedNow: string;
  engines: EngineName[];
  /** Only the journeys whose names contain this text. */
  grep?: string;
}): Promise<number> {
  const journeys = JOURNEYS.filter((journey) => !options.grep || journey.name.includes(options.grep));
  if (journeys.length === 0) throw new Error(`no journey's name contains "${options.grep}"`);
  const failuresIn = async (name: EngineName): Promise<number> => {
    let failures = 0;
    const started = Date.now();
    let engine: Engine | undefined;
    try {
      engine = name === 'webkit' ? await webkit(options.baseUrl, await freePort()) : await firefox(options.baseUrl, options.fixedNow);
      for (const journey of journeys) {
        const begun = Date.now();
        try {
          await journey.run(await engine.page(journey.width, journey.height), { filmclub118: options.filmclub118 });
          console.log(`  ✓ [${name}] ${journey.name} (${((Date.now() - begun) / 1000).toFixed(1)} s)`);
        } catch (error) {
          failures += 1;
          console.log(
            `  ✘ [${name}] ${journey.name} (${((Date.now() - begun) / 1000).toFixed(1)} s)\n    ${String(error instanceof Error ? error.message : error).replace(/\n/g, '\n    ')}`,
          );
        }
      }
    } catch (error) {
      failures += 1;
      console.log(`  ✘ [${name}] the browser did not start: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await engine?.close().catch(() => undefined);
    }
    console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return failures;
  };
  const failures = (await Promise.all(options.engines.map(failuresIn))).reduce((sum, count) => sum + count, 0);
  return failures;
}
