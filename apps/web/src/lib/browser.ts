/** Full-page browser actions, in one place so tests can replace them (jsdom cannot navigate). */
export function navigateTo(url: string): void {
  window.location.assign(url)
}

export function reloadPage(): void {
  window.location.reload()
}

/** Replace the address bar without a React Router navigation (used to drop sign-in parameters). */
export function replaceAddress(path: string): void {
  window.history.replaceState(window.history.state, '', path)
}
