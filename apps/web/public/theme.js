/* global window, document */
// Loaded synchronously from index.html's <head>, before the page paints: applies the theme cached from
// the user's setting (or the device's when none is chosen) so a dark page never flashes white. An external
// file because the CSP allows no inline script. Keep in step with src/lib/theme.ts.
;(function () {
  var KEY = 'remi.theme'
  // The navbar's colour in each theme: the browser's bar around the page matches it.
  var BAR = { light: '#1f3b73', dark: '#121a2b' }
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null
  function apply() {
    var chosen = null
    try {
      chosen = window.localStorage.getItem(KEY)
    } catch {
      // storage disabled: follow the device
    }
    var explicit = chosen === 'light' || chosen === 'dark'
    var theme = explicit ? chosen : media && media.matches ? 'dark' : 'light'
    document.documentElement.setAttribute('data-bs-theme', theme)
    var metas = document.querySelectorAll('meta[name="theme-color"]')
    for (var i = 0; i < metas.length; i++) {
      var own = /dark/.test(metas[i].getAttribute('media') || '') ? 'dark' : 'light'
      metas[i].setAttribute('content', BAR[explicit ? theme : own])
    }
  }
  apply()
  // "System" follows the device live; the app writes the cache before it changes the theme itself.
  if (media && media.addEventListener) media.addEventListener('change', apply)
})()
