import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const themeInitFile = fileURLToPath(new URL('./src/web/public/theme-init.js', import.meta.url));

/**
 * Puts public/theme-init.js (the remembered light/dark choice, applied before first paint) inline in the HTML
 * pages instead of as a render-blocking request. Its text is inlined unchanged: the server allows exactly that
 * text in its Content-Security-Policy by its SHA-256 (src/server/plugins/security.ts).
 */
function inlineThemeInit(): Plugin {
  return {
    name: 'statuslink-inline-theme-init',
    apply: 'build',
    transformIndexHtml(html) {
      const code = fs.readFileSync(themeInitFile, 'utf8');
      const tag = '<script src="/theme-init.js"></script>';
      if (!html.includes(tag)) throw new Error(`inline-theme-init: ${tag} not found in the page`);
      return html.replace(tag, () => `<script>${code}</script>`);
    },
  };
}

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), inlineThemeInit()],
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('./src/core', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Two pages: the app (index.html) and the public client portal (portal.html, its own small bundle).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./src/web/portal.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
