import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Automation, AutomationList, CreateAutomationBody, PatchAutomationBody } from '@remi/shared'
import { requireUser } from '../../plugins/auth.ts'
import type { AutomationsService } from './automations.service.ts'

const IdParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })

/** /api/automations: the signed-in person's scheduled requests. */
export async function automationsRoutes(app: FastifyInstance, opts: { automations: AutomationsService }) {
  const { automations } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['automations']

  r.get('/', { schema: { tags, response: { 200: AutomationList } } }, async (request) => ({
    automations: await automations.list(requireUser(request)),
  }))

  r.post(
    '/',
    { schema: { tags, body: CreateAutomationBody, response: { 201: Automation } } },
    async (request, reply) =>
      reply.status(201).send(await automations.create(requireUser(request), request.body)),
  )

  r.get('/:id', { schema: { tags, params: IdParams, response: { 200: Automation } } }, async (request) =>
    automations.get(requireUser(request), request.params.id),
  )

  r.patch(
    '/:id',
    { schema: { tags, params: IdParams, body: PatchAutomationBody, response: { 200: Automation } } },
    async (request) => automations.patch(requireUser(request), request.params.id, request.body),
  )

  r.delete('/:id', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await automations.remove(requireUser(request), request.params.id)
    return reply.status(204).send()
  })

  r.post('/:id/run', { schema: { tags, params: IdParams, response: { 200: Automation } } }, async (request) =>
    automations.runNow(requireUser(request), request.params.id),
  )
}
