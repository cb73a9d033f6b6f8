import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Named exports only (STYLE.md rule 11). */
const noDefaultExport = {
  'no-restricted-syntax': [
    'error',
    { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
    { selector: 'ExportSpecifier[exported.name="default"]', message: 'Use named exports.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'src/api/generated/**', 'src/wasm/pkg/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked, reactHooks.configs.flat.recommended],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...noDefaultExport,
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/explicit-function-return-type': ['error', { allowExpressions: true, allowTypedFunctionExpressions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // Stands in for wasm-bindgen's module, whose init is its default export.
    files: ['src/wasm/missingCorePackage.ts', 'src/wasm/quiverCorePackage.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
