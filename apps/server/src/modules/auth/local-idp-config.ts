import { deriveKey } from '../../lib/crypto.ts'

export const LOCAL_IDP_PATH = '/oidc'
export const LOCAL_IDP_CLIENT_ID = 'remi-local'
export const localIdpIssuer = (appUrl: string) => `${appUrl}${LOCAL_IDP_PATH}`
export const localIdpClientSecret = (secret: string) =>
  deriveKey(secret, 'local-idp-client').toString('base64url')
/** The invitation a person opened, kept while they go through the sign-in round trip to the form. */
export const INVITE_COOKIE = 'remi_invite'
