import { z } from 'zod'

/**
 * GET /api/auth/sign-in-options: what the sign-in page offers. `providers` are the ones with real
 * credentials (Google, Microsoft); `local` is the built-in sign-in when it stands in for one of them,
 * with whether the next account is the server's first and whether anyone may make one.
 */
export const SignInOptions = z.object({
  providers: z.array(z.enum(['google', 'microsoft'])),
  local: z
    .object({
      /** The provider whose sign-in the built-in one answers (its /api/auth/login/{provider}). */
      provider: z.enum(['google', 'microsoft']),
      firstAccount: z.boolean(),
      signup: z.enum(['open', 'closed']),
    })
    .nullable(),
})
export type SignInOptions = z.infer<typeof SignInOptions>
