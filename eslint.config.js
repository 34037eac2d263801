import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

/**
 * The web's layers, top to bottom: app -> features -> auth -> components -> lib -> i18n. A file imports only
 * from its own layer or the ones below it (features may import one another). Paths are relative in this code base,
 * so the pattern matches the folder a `../` path climbs into.
 */
const WEB_LAYERS = ['app', 'features', 'auth', 'components', 'lib', 'i18n'];
const WEB_SRC = 'packages/web/src';

function webLayerRules() {
  return WEB_LAYERS.slice(1).map((layer, index) => {
    const above = WEB_LAYERS.slice(0, index + 1);
    return {
      files: [`${WEB_SRC}/${layer}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
                message: `${layer}/ sits below ${above.join(', ')} in the web's layers: move the shared code down instead.`,
              },
            ],
          },
        ],
      },
    };
  });
}

/**
 * The server's lower layers, which every feature uses: they import no feature, the demo or the app (a
 * feature's rule or query they need belongs in them, or the code that needs the feature belongs in it).
 */
const SERVER_SRC = 'packages/server/src';
const SERVER_GROUND = ['db', 'http', 'integrations', 'calendar', 'passwords'];

function serverLayerRules() {
  return {
    files: SERVER_GROUND.map((folder) => `${SERVER_SRC}/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|demo)(/|$)|^(\\.\\./)+(app|server|main)$',
              message:
                'db/, http/, integrations/, calendar/ and passwords/ sit below the features, the demo and the app: move the shared code down instead.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webLayerRules(),
  serverLayerRules(),
  {
    // UI text comes from the i18n dictionary: no literal text in JSX or in user-visible attributes.
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['^(aria-label|aria-description|title|alt|placeholder|label)$'] },
          'object-properties': { include: [] },
          callees: { exclude: ['.*'] },
        },
      ],
    },
  },
  {
    // Code that builds messages (toasts, error texts) takes them from the dictionary too: a string
    // with Thai in it or with a space (a phrase, not a key, code or path) is refused.
    files: ['packages/web/src/**/*.ts'],
    // Tests and their fixtures hold sample data, not text shown to staff.
    ignores: ['**/*.test.ts', '**/*-fixtures.ts', 'packages/web/src/i18n/dictionaries/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'all',
          'should-validate-template': true,
          words: { exclude: ['^[^\\s\\u0E00-\\u0E7F]*$'] },
          // Errors for developers (a hook used outside its provider), never shown to staff.
          callees: { exclude: ['Error', 'super'] },
        },
      ],
    },
  },
);
