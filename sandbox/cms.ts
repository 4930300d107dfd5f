/**
 * The CMS's side of publishing, as the sandbox plays it: drafts (the latest saved state of a
 * record, which the management API serves when `stable=1` is left out), editing a record, and
 * the signed publish webhook the real CMS sends to the publish service after a change.
 *
 * The webhook contract (the publisher checks it, see publisher/routes/hook-checks.ts and docs/publishing.md):
 * POST with a JSON body; headers X-Kaia-Delivery (unique id), X-Kaia-Timestamp (Unix seconds)
 * and X-Kaia-Signature: sha256=hex(HMAC-SHA256(secret, "<timestamp>.<delivery>.<body>")).
 * Written here on its own, from the contract, not shared with the publisher's code.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Dataset } from './dataset';

export type Collection = 'articles' | 'blockData' | 'productions' | 'events';
export const collections: readonly Collection[] = ['articles', 'blockData', 'productions', 'events'];
/** Collections of the management API, the only ones with drafts. */
export const draftable: readonly Collection[] = ['articles', 'blockData'];

export interface Webhook {
  readonly url: string;
  readonly secret: string;
}

/** Drafts by collection and id: a whole record that replaces the published one in draft answers. */
export type Drafts = Map<Collection, Map<string, unknown>>;

const idOf = (record: unknown) => {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
};

/**
 * The demo's drafts: the first article (by id) has a saved, unpublished new title, so a preview
 * shows something the live site does not.
 */
export function defaultDrafts(dataset: Dataset): Drafts {
  const drafts: Drafts = new Map();
  const first = [...dataset.articles].sort((a, b) => idOf(a).localeCompare(idOf(b)))[0] as Record<string, unknown> | undefined;
  if (first && typeof first['title'] === 'string') drafts.set('articles', new Map([[idOf(first), { ...first, title: `${first['title']} (utkast)` }]]));
  return drafts;
}

/** A management collection as the draft view answers it: published records with drafts laid over. */
export function withDrafts(records: readonly unknown[], drafts: Map<string, unknown> | undefined): unknown[] {
  if (!drafts || drafts.size === 0) return [...records];
  return records.map((record) => drafts.get(idOf(record)) ?? record);
}

export interface Edit {
  readonly collection: Collection;
  readonly id: string;
  /** Top-level fields to set. */
  readonly changes: Record<string, unknown>;
  /** Save as a draft (management collections only) instead of publishing. */
  readonly draft: boolean;
}

export function parseEdit(value: unknown): Edit {
  const raw = value as { collection?: unknown; id?: unknown; changes?: unknown; draft?: unknown } | null;
  if (!raw || typeof raw !== 'object') throw new TypeError('expected {collection, id, changes, draft?}');
  if (!collections.includes(raw.collection as Collection)) throw new TypeError(`collection must be one of ${collections.join(', ')}`);
  if (typeof raw.id !== 'string' || raw.id === '') throw new TypeError('id must be a record id');
  if (!raw.changes || typeof raw.changes !== 'object' || Array.isArray(raw.changes)) throw new TypeError('changes must be an object of fields');
  const draft = raw.draft === true;
  if (draft && !draftable.includes(raw.collection as Collection)) throw new TypeError('only articles and blockData have drafts');
  if ('id' in raw.changes) throw new TypeError('the id cannot be changed');
  return { collection: raw.collection as Collection, id: raw.id, changes: raw.changes as Record<string, unknown>, draft };
}

/** Applies an edit: published records change in place, drafts are kept apart. Returns the record as edited. */
export function applyEdit(dataset: Dataset, drafts: Drafts, edit: Edit): unknown {
  const records = dataset[edit.collection];
  const index = records.findIndex((record) => idOf(record) === edit.id);
  if (index < 0) throw new RangeError(`no ${edit.collection} record ${edit.id}`);
  if (edit.draft) {
    const own = drafts.get(edit.collection) ?? new Map<string, unknown>();
    drafts.set(edit.collection, own);
    const next = { ...((own.get(edit.id) ?? records[index]) as object), ...edit.changes };
    own.set(edit.id, next);
    return next;
  }
  const next = { ...(records[index] as object), ...edit.changes };
  records[index] = next;
  // Publishing a record publishes its draft too: the draft is gone.
  drafts.get(edit.collection)?.delete(edit.id);
  return next;
}

export function signWebhook(secret: string, timestamp: string, delivery: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery}.${body}`).digest('hex')}`;
}

/** Sends the publish webhook as the CMS does; resolves with the status the receiver answered (0: unreachable). */
export async function sendWebhook(webhook: Webhook, payload: Record<string, unknown>, now = Date.now()): Promise<{ status: number; delivery: string }> {
  const delivery = randomUUID();
  const timestamp = String(Math.floor(now / 1000));
  const body = JSON.stringify(payload);
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-kaia-delivery': delivery,
        'x-kaia-timestamp': timestamp,
        'x-kaia-signature': signWebhook(webhook.secret, timestamp, delivery, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return { status: response.status, delivery };
  } catch {
    return { status: 0, delivery };
  }
}
