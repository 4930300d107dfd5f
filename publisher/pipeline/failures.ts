/**
 * A run's failure in plain nynorsk words for the status page: which step, why, and what to do;
 * the technical message is kept beside them.
 */
import { dataErrorCollection, ImportDataError } from '../../import/validate';
import { DeployFailed } from '../../release/go-live';
import { StepFailed } from '../../release/releases';
import { isHttpError } from '../../src/lib/http';
import type { Failure } from '../runs/run-record';

const stepNames = new Map([
  ['import', 'Henting av innhald frå CMS-et'],
  ['build', 'Bygging av nettstaden'],
  ['publish', 'Utlegging på CDN-et'],
]);

/** A failure in plain words: which step, why, and the technical detail. */
export function explain(error: unknown): Failure {
  const step = error instanceof StepFailed ? error.step : 'teneste';
  const cause = error instanceof StepFailed ? error.reason : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return { step: stepNames.get(step) ?? 'Publiseringstenesta', reason: reasonOf(step, cause, detail), detail };
}

function reasonOf(step: string, cause: unknown, detail: string): string {
  if (cause instanceof ImportDataError || dataErrorCollection(detail) !== undefined)
    return `Noko i innhaldet er ikkje gyldig, så ingenting vart publisert: ${detail}. Rett det i CMS-et og publiser på nytt.`;
  const tries = /after (\d+) tries/.exec(detail)?.[1];
  const tried = tries ? ` (prøvd ${tries} gonger)` : '';
  if (isHttpError(cause) || /^Fetching /.test(detail)) {
    if (/timeout of/.test(detail)) return `CMS-et eller plattforma svarte ikkje i tide${tried}. Prøv igjen om litt.`;
    if (/Network Error/.test(detail)) return `Fekk ikkje kontakt med CMS-et eller plattforma${tried}. Prøv igjen om litt.`;
    if (/Malformed JSON/.test(detail)) return 'Svaret frå CMS-et eller plattforma var øydelagt (ikkje gyldig JSON). Prøv igjen om litt.';
    const status = /status code (\d+)/.exec(detail)?.[1];
    if (status === '401' || status === '403')
      return 'CMS-et eller plattforma godtok ikkje innloggingsdetaljane til publiseringstenesta. Den som driftar nettstaden må sjekke innstillingane.';
    if (status) return `CMS-et eller plattforma svarte med ein feil (status ${status})${tried}. Prøv igjen om litt.`;
  }
  if (step === 'build') return 'Nettstaden kunne ikkje byggjast av det nye innhaldet. Den publiserte nettstaden er uendra.';
  if (cause instanceof DeployFailed) return deployReason(cause);
  if (/Another run/.test(detail)) return 'Ei anna publisering arbeidde på same tid. Prøv igjen om litt.';
  return 'Noko gjekk gale i publiseringa. Den publiserte nettstaden er uendra.';
}

/** Why a deploy failed, in plain words; the CDN keeps serving what it served. */
export function deployReason(failure: DeployFailed): string {
  const { record } = failure;
  const why = record.timedOut
    ? `Utlegginga vart ikkje ferdig i tide og vart stoppa etter ${formatSeconds(record.durationMs)}.`
    : record.exitCode === null
      ? 'Utleggingskommandoen kunne ikkje køyrast eller vart stoppa.'
      : `Utleggingskommandoen enda med feilkode ${record.exitCode}.`;
  return `Den nye versjonen kunne ikkje leggjast ut på CDN-et. ${why} Nettstaden viser framleis den førre versjonen. Den som driftar nettstaden, finn meldinga frå kommandoen under «Teknisk».`;
}

const formatSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;
