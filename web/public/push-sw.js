/*
 * Web Push for staff notifications (issue 18, item 8; docs/decisions/staff-notifications.md),
 * imported by the generated /sw.js. A push carries { id, kind, title, body, link }, already in
 * the member's language (the server words it); clicking it focuses an open tab of the app and
 * moves it to the link, or opens one there.
 */
self.addEventListener('push', (event) => {
  let payload
  try {
    payload = event.data ? event.data.json() : {}
  } catch {
    payload = { title: event.data ? event.data.text() : '' }
  }
  const title = payload.title || 'Clinic'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      tag: payload.id,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : '/' }
    })
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = (event.notification.data && event.notification.data.link) || '/'
  const target = new URL(link, self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(target) : undefined))
      return self.clients.openWindow(target)
    })
  )
})
