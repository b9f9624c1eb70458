// Applies the remembered theme before first paint (no flash). The build puts this text inline in each page
// (vite.config.ts) so it costs no request; the server's Content-Security-Policy allows exactly this text by
// its SHA-256, computed from the built copy (src/server/plugins/security.ts). `npm run dev` loads it as a file.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('statuslink-theme');
  } catch (e) {}
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = theme;
})();
