import { apiUrl } from '../../../lib/api-client'

/**
 * GET auth/user/export: the whole account as a zip (its JSON and the memories' files). The browser
 * downloads it itself (a link with the session cookie), so nothing of it passes through the app's
 * memory or query cache.
 */
export function accountExportUrl(): string {
  return apiUrl('auth/user/export')
}
