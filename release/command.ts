/**
 * Runs one outside command of a release (the build, the deploy) in a process group of its own,
 * so all of it (the command and whatever it starts) can be ended at once: when its run is
 * abandoned (the signal aborts), when it runs past its time-out, when this process exits, and,
 * through the group noted in the releases' lock (lock.ts), by the next run when this process
 * was killed outright. Its output is passed on line by line and its last part kept, so a
 * failure can say why.
 */
import { spawn } from 'node:child_process';
import { groupAlive, signalGroup } from './processes';

export interface CommandOptions {
  readonly env: NodeJS.ProcessEnv;
  /** Told each line of the command's output (stdout and stderr). */
  readonly onLine?: (line: string) => void;
  /** Aborting ends the command's whole process group. */
  readonly signal?: AbortSignal | undefined;
  /** Ends the whole group after this many milliseconds (absent: no time-out). */
  readonly timeoutMs?: number | undefined;
  /** Told the command's process group as soon as it runs. */
  readonly onGroup?: (group: number) => void;
}

export interface CommandOutcome {
  /** The exit code; null when the command was ended by a signal. */
  readonly code: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  /** The last 2,000 characters of its output. */
  readonly tail: string;
  readonly aborted: boolean;
  readonly timedOut: boolean;
}

/** Process groups of commands running now, ended when this process exits. */
const running = new Set<number>();
process.on('exit', () => {
  for (const group of running) signalGroup(group, 'SIGKILL');
});

/** Runs `command` with `args`; resolves however it ends (a failure to start rejects). */
export function runInOwnGroup(command: string, args: readonly string[], options: CommandOptions): Promise<CommandOutcome> {
  const { env, onLine = () => {}, signal, timeoutMs, onGroup } = options;
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const group = child.pid;
    let tail = '';
    let timedOut = false;
    const end = () => {
      if (group) endGroup(group);
    };
    const timer =
      timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            end();
          }, timeoutMs)
        : undefined;
    timer?.unref();
    if (group) {
      running.add(group);
      signal?.addEventListener('abort', end, { once: true });
      onGroup?.(group);
    }
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) onLine(line.trimEnd());
      tail = (tail + text).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      fail(error);
    });
    child.on('exit', (code, exitSignal) => {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', end);
      // Whatever the command left behind in its group goes with it.
      if (group) {
        if (groupAlive(group)) signalGroup(group, 'SIGKILL');
        running.delete(group);
      }
      done({ code, exitSignal, tail, aborted: signal?.aborted ?? false, timedOut });
    });
  });
}

/** The last `count` non-empty lines of an output, joined with ' / '. */
export function lastLines(output: string, count = 3): string {
  return output.trim().split('\n').filter(Boolean).slice(-count).join(' / ');
}

/** Asks the group to stop, and makes it stop a few seconds later if it has not. */
function endGroup(group: number): void {
  signalGroup(group, 'SIGTERM');
  setTimeout(() => {
    if (groupAlive(group)) signalGroup(group, 'SIGKILL');
  }, 5_000).unref();
}
