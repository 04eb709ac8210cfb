import { apiUrl } from '../../../lib/api-client'

/**
 * GET auth/user/export: one JSON file of the whole account. The browser downloads it itself (a link with
 * the session cookie), so nothing of it passes through the app's memory or query cache.
 */
export function accountExportUrl(): string {
  return apiUrl('auth/user/export')
}
