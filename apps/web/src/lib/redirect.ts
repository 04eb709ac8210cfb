import { isSafeRedirectPath } from '@remi/shared'
import { DEFAULT_POST_LOGIN_PATH } from '../config/paths'

// The spec only asks for a leading '/', which lets '//evil.example' and '/\evil.example' (read by browsers
// as another host) through; the shared rule accepts exactly one leading '/'.
export { isSafeRedirectPath }

export function safeRedirectPath(path: unknown): string {
  return isSafeRedirectPath(path) ? path : DEFAULT_POST_LOGIN_PATH
}
