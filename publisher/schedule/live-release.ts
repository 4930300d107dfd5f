/**
 * The live release as the freshness view tells of it: when it was built (by the run that built
 * it, else by its name), on which Oslo day, from which content (a short fingerprint of its
 * content folder), and by which run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentRelease, releaseContentDir } from '../../release/releases';
import { osloDay } from '../../src/lib/format/time';
import type { RunRecord } from '../runs/run-record';

/** When a release was built, from its name (20261123T101500Z, as release/releases.ts names them). */
export function releaseTime(release: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(release);
  if (!match) return undefined;
  const at = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isFinite(at) ? at : undefined;
}

export class LiveRelease {
  readonly #contentVersions = new Map<string, string>();

  constructor(
    readonly releasesDir: string,
    /** The run log's runs, newest first. */
    readonly runs: () => readonly RunRecord[],
  ) {}

  /** The live release: when it was built, from which content, by which run. */
  now() {
    const release = currentRelease(this.releasesDir);
    if (!release) return undefined;
    // The run that built it (not a later one it stayed live through, nor a rollback back to it).
    const run = this.runs().find(
      (candidate) => candidate.kind === 'live' && candidate.release === release && candidate.state === 'published' && candidate.trigger !== 'rollback',
    );
    const builtAt = (run?.startedAt ? Date.parse(run.startedAt) : undefined) ?? releaseTime(release);
    return {
      release,
      builtAt: builtAt === undefined ? undefined : new Date(builtAt).toISOString(),
      builtOn: builtAt === undefined ? undefined : osloDay(new Date(builtAt)),
      content: this.#contentVersion(release),
      run: run ? { id: run.id, trigger: run.trigger, ...(run.causes ? { causes: run.causes } : {}) } : undefined,
    };
  }

  /** A short fingerprint of the content a release was built from (the same content gives the same one). */
  #contentVersion(release: string): string | undefined {
    const known = this.#contentVersions.get(release);
    if (known) return known;
    const dir = releaseContentDir(this.releasesDir, release);
    if (!existsSync(dir)) return undefined;
    const hash = createHash('sha256');
    for (const name of readdirSync(dir).sort())
      hash
        .update(name)
        .update('\0')
        .update(readFileSync(join(dir, name)))
        .update('\0');
    const version = hash.digest('hex').slice(0, 12);
    this.#contentVersions.set(release, version);
    return version;
  }
}
