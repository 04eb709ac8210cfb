import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SignInOptions } from '@remi/shared'
import type { Env } from '../../config/env.ts'
import type { LocalAccounts } from './local-accounts.ts'

const PROVIDERS = ['google', 'microsoft'] as const

/**
 * What the sign-in page should offer (issue 46): with no provider credentials it shows the built-in
 * sign-in itself, or "Create the first account" on an empty server, instead of Google and Microsoft
 * buttons that lead to a local form. Open to anyone, like the sign-in routes; it names no account.
 */
export async function signInOptionsRoute(
  app: FastifyInstance,
  opts: { env: Env; localAccounts: Pick<LocalAccounts, 'isEmpty'>; signInRateLimit: number },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sign-in-options',
    {
      config: { public: true, rateLimit: { max: opts.signInRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], response: { 200: SignInOptions } },
    },
    async (): Promise<SignInOptions> => {
      const { providers, localSignIn } = opts.env
      const local = PROVIDERS.find((p) => providers[p].mode === 'local')
      return {
        providers: PROVIDERS.filter((p) => providers[p].mode === 'external'),
        local: local
          ? { provider: local, firstAccount: await opts.localAccounts.isEmpty(), signup: localSignIn.signup }
          : null,
      }
    },
  )
}
