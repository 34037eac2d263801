import fs from 'node:fs';
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

/**
 * The server's features by floor, bottom first: a feature imports only features on the floors below its own
 * (never one beside or above it), so they never import each other in a loop. A new feature takes the floor
 * above the highest it imports; the demo and the app sit above them all.
 */
const SERVER_FEATURE_FLOORS = [
  ['categories', 'health', 'idempotency', 'images', 'outbox', 'reports', 'sale-records', 'users'],
  ['auth', 'customers', 'products', 'settings'],
  ['display', 'notifications', 'printing', 'shifts', 'storage', 'tax-invoices'],
  ['logo', 'offline', 'print-documents', 'sales'],
  ['payments'],
];

function serverFeatureRules() {
  // A feature folder left off the floors would be held to nothing.
  const folders = fs.readdirSync(new URL(`./${SERVER_SRC}/features`, import.meta.url), { withFileTypes: true });
  const unplaced = folders
    .filter((entry) => entry.isDirectory() && !SERVER_FEATURE_FLOORS.flat().includes(entry.name))
    .map((entry) => entry.name);
  if (unplaced.length > 0)
    throw new Error(`eslint.config.js: put features/${unplaced.join(', ')} on a floor of SERVER_FEATURE_FLOORS`);
  return SERVER_FEATURE_FLOORS.flatMap((floor, index) =>
    floor.map((feature) => {
      const notBelow = SERVER_FEATURE_FLOORS.slice(index)
        .flat()
        .filter((other) => other !== feature);
      return {
        files: [`${SERVER_SRC}/features/${feature}/**/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `^(\\.\\./)+(${notBelow.join('|')})(/|$)`,
                  message: `features/${feature} may import only features on the floors below it (eslint.config.js, SERVER_FEATURE_FLOORS): move the shared code down, or the code that needs both up.`,
                },
              ],
            },
          ],
        },
      };
    }),
  );
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
  ...serverFeatureRules(),
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
