/**
 * The AI SDK, loaded on its first use: a server without a model (the offline assistant) never reads it,
 * at start-up or after. Its errors are recognised through @ai-sdk/provider, which is small.
 */
import type * as Ai from 'ai'

let loaded: Promise<typeof Ai> | undefined
export const aiSdk = () => (loaded ??= import('ai'))
