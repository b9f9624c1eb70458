// Applies the remembered theme before first paint (no flash). A classic blocking script, served from
// the app's own origin so a strict Content-Security-Policy (script-src 'self') allows it.
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
