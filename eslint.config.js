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
    // astro-eslint-parser has no projectService; it reads the tsconfig itself.
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { projectService: false, project: true } },
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
