/**
 * `npm run box-office -- …`: plays the ticketing platform's box office against a running
 * platform sandbox (`npm start` or `npm run sandbox`), through its admin endpoint
 * (`/__sandbox/boxoffice`). Only the box office's data (the runtime API's) changes; the CMS sends no webhook, so the
 * site learns of it at its next box-office check.
 *
 *   npm run box-office -- list [YYYY-MM-DD]             the showings of a day (default today, Oslo)
 *   npm run box-office -- add FILM|EVENT-ID 'YYYY-MM-DD HH:MM'   a new showing like the film's latest
 *   npm run box-office -- move EVENT-ID HH:MM|'YYYY-MM-DD HH:MM' another time (length kept)
 *   npm run box-office -- soldout|few|available EVENT-ID         ticket availability
 *   npm run box-office -- cancel|reinstate EVENT-ID               cancelled, or set up again
 *
 * The same changes can be made in a browser, on the sandbox's box-office page (/__sandbox/billettkontor).
 *
 * SANDBOX_URL (default http://127.0.0.1:$SANDBOX_PORT, port 4400) names the sandbox.
 */
import { boxOfficeRequest, UsageError, type ShowingLine } from './box-office';

const usage = `usage: npm run box-office -- <command>
  list [YYYY-MM-DD]                          the showings of a day (default: today in Oslo)
  add <film or event id> 'YYYY-MM-DD HH:MM'  a new showing like the film's latest one (film: its pageReference or slug)
  move <event id> <HH:MM | 'YYYY-MM-DD HH:MM'>  another time; a time alone keeps the day
  soldout | few | available <event id>       sold out, few tickets left, or on sale again
  cancel | reinstate <event id>              cancelled, or set up again
Times are Oslo time. The sandbox's box-office page does the same in a browser: <sandbox>/__sandbox/billettkontor SANDBOX_URL (default http://127.0.0.1:4400) names the sandbox.`;

type Showing = ShowingLine;

function sandboxUrl(env: NodeJS.ProcessEnv): string {
  const url = env['SANDBOX_URL']?.trim() || `http://127.0.0.1:${env['SANDBOX_PORT']?.trim() || '4400'}`;
  if (!/^https?:\/\/[^\s/]+$/.test(url.replace(/\/$/, ''))) throw new UsageError(`SANDBOX_URL must be like http://127.0.0.1:4400, not ${url}`);
  return url.replace(/\/$/, '');
}

const clock = (iso: string) => iso.slice(11, 16);
const line = (s: Showing) =>
  `  ${clock(s.startTime)}  ${s.id.padEnd(10)}  ${s.availability.padEnd(9)}  ${s.title} (${s.hall})${s.status === 'scheduled' ? '' : ` [${s.status}]`}`;

async function main(args: string[]): Promise<void> {
  if (args[0] === '--help' || args[0] === '-h' || args.length === 0) {
    console.log(usage);
    return;
  }
  const request = boxOfficeRequest(args, new Date());
  const base = `${sandboxUrl(process.env)}/__sandbox/boxoffice`;
  let response: Response;
  try {
    response =
      request.method === 'GET'
        ? await fetch(`${base}?${request.query}`)
        : await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) });
  } catch (error) {
    throw new Error(`the sandbox at ${base} did not answer (${(error as Error).message}); is npm start or npm run sandbox running?`);
  }
  const answer = (await response.json().catch(() => ({}))) as { error?: string; event?: Showing & Record<string, unknown>; showings?: Showing[] };
  if (!response.ok) throw new Error(`the box office refused: ${answer.error ?? `status ${response.status}`}`);
  if (answer.showings) {
    const day = request.method === 'GET' ? new URLSearchParams(request.query).get('day') : undefined;
    console.log(`Showings on ${day} (Oslo time); another day: npm run box-office -- list YYYY-MM-DD`);
    console.log(answer.showings.length > 0 ? answer.showings.map(line).join('\n') : '  no showings that day');
    return;
  }
  const event = answer.event!;
  console.log(`${event.id}: ${event.startTime}, ${String(event['availability'])} (the site shows it after its next box-office check)`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`box-office: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(usage);
  process.exit(error instanceof UsageError ? 2 : 1);
});
