export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  memories: '/memories',
  chat: '/chat',
  dataSources: '/data-sources',
  settings: '/settings',
  reminders: '/reminders',
} as const

/** Where a user goes after signing in when no safe return path was saved. */
export const DEFAULT_POST_LOGIN_PATH = paths.dashboard
