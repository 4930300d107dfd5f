/**
 * docs/configuration.md holds one table per config schema (the build's, the import's, the
 * publish service's), written by `npm run docs:config`; these tests fail when a schema and its
 * table differ, or a variable has no `.describe()` text.
 */
import { readFileSync } from 'node:fs';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { CONFIG_PAGE, CONFIG_SCHEMAS, configRows, undescribed, withConfigTables } from '../../../../scripts/docs/config-table';

const page = readFileSync(CONFIG_PAGE, 'utf8');

describe('docs/configuration.md', () => {
  it('has the tables the schemas give (run npm run docs:config after changing a schema)', () => {
    expect(withConfigTables(page)).toBe(page);
  });

  it('names every variable of every schema', () => {
    for (const schema of Object.values(CONFIG_SCHEMAS)) {
      for (const name of Object.keys(schema.shape)) expect(page, name).toContain(`| \`${name}\` |`);
    }
  });

  it('describes every variable in its schema', () => {
    for (const [name, schema] of Object.entries(CONFIG_SCHEMAS)) expect(undescribed(schema), name).toEqual([]);
  });
});

describe('the configuration table writer', () => {
  const schema = z.object({
    A_PORT: z.coerce.number().default(4450).describe('A port. Example: `4450`'),
    A_SECRET: z.string().min(1).describe('A secret.'),
    A_LIST: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',') : []))
      .describe('Addresses | separated by commas.'),
  });

  it('reads default, requirement, meaning and example from the schema', () => {
    expect(configRows(schema)).toEqual([
      { name: 'A_PORT', default: '`4450`', meaning: 'A port.', example: '`4450`' },
      { name: 'A_SECRET', default: 'required', meaning: 'A secret.', example: '' },
      { name: 'A_LIST', default: 'unset', meaning: 'Addresses | separated by commas.', example: '' },
    ]);
  });

  it('finds a table that lacks a variable the schema has', () => {
    const written = withConfigTables('x\n<!-- config-table:t -->\n<!-- /config-table:t -->\ny', { t: schema });
    expect(written).toContain('| `A_LIST` | unset | Addresses \\| separated by commas. |  |');
    const withNewVariable = schema.extend({ A_NEW: z.string().optional().describe('New.') });
    expect(withConfigTables(written, { t: withNewVariable })).not.toBe(written);
    expect(undescribed(schema.extend({ A_BARE: z.string().optional() }))).toEqual(['A_BARE']);
  });

  it('refuses a page without the markers', () => {
    expect(() => withConfigTables('no markers', { t: schema })).toThrow(/config-table:t/);
  });
});
