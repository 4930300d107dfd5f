/**
 * The files the staff pages load besides themselves, read once when the service starts: the
 * stylesheet (staff.css), served at an address named by a hash of its content, so a browser may
 * keep it for a year and a changed stylesheet is a new address; and the status page's script
 * (status-live.js). The routes that serve them are routes/asset-routes.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const stylesheet = readFileSync(new URL('./staff.css', import.meta.url), 'utf8');

/** Where the stylesheet is served: `/staff/assets/staff.<first 8 hex digits of its SHA-256>.css`. */
export const STYLESHEET = `/staff/assets/staff.${createHash('sha256').update(stylesheet).digest('hex').slice(0, 8)}.css`;

/** The status page's script: follows the runs without a reload. */
export const statusScript = readFileSync(new URL('./status-live.js', import.meta.url), 'utf8');

/** Where the status page's script is served. */
export const STATUS_SCRIPT = '/staff/status.js';
