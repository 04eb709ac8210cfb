/** The session cookie's name: the auth module sets it, the request plugins read it. */
export const SESSION_COOKIE = 'remi_session'
