// ESLint flat config: correctness rules only. Formatting belongs to Prettier
// (eslint-config-prettier, last, turns off every rule that would fight it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Generated, fetched or vendored: never linted.
    ignores: [
      'dist/',
      'node_modules/',
      '.astro/',
      'releases/',
      'reports/',
      'test-results/',
      'playwright-report/',
      '.demo/',
      '.sandbox-data/',
      'public/',
      'content/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.astro'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { omitted: _, ...rest } = value` is how a property is left out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // tsc does not check these (allowJs without checkJs), so every value in them is `any`
    // to the type-aware rules: typescript-eslint's documented setting for untyped JS files.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  astro.configs.recommended,
  {
    // .astro files without the type-aware rules: astro-eslint-parser has no projectService and
    // builds a TypeScript program of its own for them (project: true), which took 60 of the
    // lint's 160 s for 38 thin components. `astro check` (in npm test) type-checks them in full,
    // and their logic lives in src/lib, where every type-aware rule runs.
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'], // React runs only in the site: Playwright's fixture `use` is no hook
    ...reactHooks.configs.flat.recommended,
  },
  prettier,
);
