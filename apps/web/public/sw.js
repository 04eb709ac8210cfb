/* global self, caches */
// Remi's service worker: system notifications, and what another app shares (no caching of the app). It
// shows a Web Push when the app is closed, and the notification an open tab asks for when a reminder
// falls due (the same
// code, so both look and act alike); its Done and Snooze 10 min buttons call the one-use action token
// endpoint, which needs no session. Keep the payload's shape in step with src/lib/service-worker.ts.

self.addEventListener('install', () => self.skipWaiting())

// "Share → Remi" from another app (the manifest's share_target POSTs its title, text, link and files to
// /share): kept in a cache of their own for the memories page to open as a new memory (lib/shared.ts).
var SHARE_CACHE = 'remi-share'
self.addEventListener('fetch', (event) => {
  var url = new URL(event.request.url)
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share')
    return
  event.respondWith(
    (async () => {
      var form = await event.request.formData()
      var cache = await caches.open(SHARE_CACHE)
      await cache.put('/shared', new Response(form))
      return Response.redirect('/memories?shared=1', 303)
    })(),
  )
})
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

/** One notification per reminder: every open tab shows the same one, and a push replaces it too. */
function tagOf(payload) {
  return payload.reminderId ? 'reminder-' + payload.reminderId : 'remi-' + (payload.type || 'notice')
}

function show(payload) {
  var actions = payload.actionToken
    ? [
        { action: 'done', title: 'Done' },
        { action: 'snooze', title: 'Snooze 10 min' },
      ]
    : []
  return self.registration.showNotification(payload.title || 'Remi', {
    body: payload.body || '',
    tag: tagOf(payload),
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    actions: actions,
    data: {
      url: payload.url || '/',
      type: payload.type || 'notice',
      reminderId: payload.reminderId || null,
      actionToken: payload.actionToken || null,
    },
  })
}

self.addEventListener('push', (event) => {
  var payload
  try {
    payload = event.data ? event.data.json() : {}
  } catch {
    payload = { type: 'notice', title: 'Remi', body: event.data ? event.data.text() : '' }
  }
  // A push must show something (userVisibleOnly): even an unreadable one says it arrived.
  event.waitUntil(show(payload || {}))
})

// An open tab hands over a reminder it was told about, so the notification has the worker's buttons.
self.addEventListener('message', (event) => {
  var message = event.data
  if (message && message.kind === 'show-notification' && message.payload) {
    event.waitUntil(show(message.payload))
  }
})

function tellTabs(message) {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
    tabs.forEach((tab) => tab.postMessage(message))
  })
}

function act(data, action) {
  return fetch('/api/reminders/actions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ token: data.actionToken, action: action }),
  })
    .then((response) => {
      if (response.ok) return tellTabs({ kind: 'reminders-changed' })
      return response
        .json()
        .catch(() => ({}))
        .then((body) => failed(body && body.message))
    })
    .catch(() => failed('Remi could not be reached.'))
}

function failed(reason) {
  return self.registration.showNotification('Remi', {
    body: 'The reminder was not updated. ' + (reason || ''),
    tag: 'remi-action-failed',
    icon: '/icon-192.png',
  })
}

function openApp(url) {
  var target = new URL(url || '/', self.location.origin)
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin)
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
    var tab = tabs.find((t) => new URL(t.url).origin === self.location.origin)
    if (!tab) return self.clients.openWindow(target.href)
    // navigate() works only for a tab the worker controls; another one is focused as it is.
    return tab.focus().then((focused) => focused.navigate(target.href).catch(() => focused))
  })
}

self.addEventListener('notificationclick', (event) => {
  var notification = event.notification
  var data = notification.data || {}
  notification.close()
  if ((event.action === 'done' || event.action === 'snooze') && data.actionToken) {
    event.waitUntil(act(data, event.action))
    return
  }
  event.waitUntil(openApp(data.url))
})
