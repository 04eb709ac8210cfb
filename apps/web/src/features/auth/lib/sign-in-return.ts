/** A login token is a JWT: exactly three dot-separated, non-empty base64url parts. */
export function isJwtFormat(token: string): boolean {
  const parts = token.split('.')
  return parts.length === 3 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))
}

/** True when the address carries the provider's answer (spec §4 "Sign-in return"). */
export function hasSignInReturnParams(search: string): boolean {
  const params = new URLSearchParams(search)
  return params.has('token') || params.has('error')
}
