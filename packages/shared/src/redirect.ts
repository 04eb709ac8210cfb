/**
 * A post-login path: one leading '/', never '//' or '/\' (protocol-relative), and no control
 * characters: browsers drop tabs and newlines from URLs, so '/\t/evil.example' would become '//evil.example'.
 */
export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) return false
  for (const char of path) {
    const code = char.codePointAt(0)!
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}
