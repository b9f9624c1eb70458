// Lint: TypeScript rules plus the layer boundaries (web -> core, server -> core; core imports nothing of ours).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const serverOrWebFromCore = {
  patterns: [
    { group: ['**/server/**', '**/web/**', '@web/*'], message: 'src/core is pure: it imports nothing from server or web.' },
    { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'src/core has no I/O and no Node built-ins.' },
    { group: ['react', 'react-*', 'fastify', 'fastify-*', 'drizzle-orm', 'drizzle-orm/*', 'better-auth', 'better-auth/*'], message: 'src/core depends on zod only.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'drizzle/**', 'src/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverOrWebFromCore] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '@web/*'], message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
