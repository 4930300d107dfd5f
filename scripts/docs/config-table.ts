/**
 * Writes the configuration tables of docs/configuration.md from the config schemas, the one
 * source of truth: the site's build (src/lib/config/build-env.ts), the import
 * (import/config.ts) and the publish service (publisher/config.ts). Each table sits between
 * `<!-- config-table:NAME -->` and `<!-- /config-table:NAME -->`; the rest of the page is kept
 * by hand. `npm run docs:config` rewrites them; tests/unit/scripts/docs/config-table.test.ts fails when they
 * differ from the schemas.
 *
 * A variable's row: its name, its default (what the schema gives for an unset variable) or
 * whether it is required, and its `.describe()` text, whose trailing «Example: …» becomes the
 * example column.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'astro/zod';
import { buildEnvSchema } from '../../src/lib/config/build-env';
import { importSchema } from '../../import/config';
import { publisherSchema } from '../../publisher/config';

export type EnvSchema = z.ZodObject<z.ZodRawShape>;

/** The tables, by the name their markers carry. */
export const CONFIG_SCHEMAS: Readonly<Record<string, EnvSchema>> = {
  site: buildEnvSchema,
  import: importSchema,
  publisher: publisherSchema,
};

export const CONFIG_PAGE = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));

export interface ConfigRow {
  readonly name: string;
  /** The default as written in the table: a value, «required» or «unset». */
  readonly default: string;
  readonly meaning: string;
  readonly example: string;
}

/** Variables whose schema has no `.describe()` text: each must say what it is for. */
export function undescribed(schema: EnvSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.description?.trim())
    .map(([name]) => name);
}

function defaultOf(field: z.ZodTypeAny): string {
  const unset = field.safeParse(undefined);
  if (!unset.success) return 'required';
  const value: unknown = unset.data;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return 'unset';
  if (Array.isArray(value)) return `\`${value.join(',')}\``;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return `\`${value}\``;
  return `\`${JSON.stringify(value)}\``;
}

export function configRows(schema: EnvSchema): ConfigRow[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const description = field.description?.trim() ?? '';
    const at = description.lastIndexOf(' Example: ');
    return {
      name,
      default: defaultOf(field),
      meaning: at === -1 ? description : description.slice(0, at),
      example: at === -1 ? '' : description.slice(at + ' Example: '.length),
    };
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The Markdown table of one schema. */
export function configTable(schema: EnvSchema): string {
  const lines = ['| variable | default | meaning | example |', '|---|---|---|---|'];
  for (const row of configRows(schema)) lines.push(`| \`${row.name}\` | ${cell(row.default)} | ${cell(row.meaning)} | ${cell(row.example)} |`);
  return lines.join('\n');
}

/** `markdown` with every table between its markers written from `schemas`; a missing marker is an error. */
export function withConfigTables(markdown: string, schemas: Readonly<Record<string, EnvSchema>> = CONFIG_SCHEMAS): string {
  let out = markdown;
  for (const [name, schema] of Object.entries(schemas)) {
    const start = `<!-- config-table:${name} -->`;
    const end = `<!-- /config-table:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from === -1 || to < from) throw new Error(`docs/configuration.md lacks the markers ${start} … ${end}`);
    out = `${out.slice(0, from + start.length)}\n${configTable(schema)}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const missing = Object.entries(CONFIG_SCHEMAS).flatMap(([name, schema]) => undescribed(schema).map((variable) => `${name}: ${variable}`));
  if (missing.length > 0) {
    console.error(`These variables have no .describe() text in their schema:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  const before = readFileSync(CONFIG_PAGE, 'utf8');
  const after = withConfigTables(before);
  if (after === before) console.log('docs/configuration.md: tables already match the schemas');
  else {
    writeFileSync(CONFIG_PAGE, after);
    console.log('docs/configuration.md: tables written from the schemas');
  }
}
