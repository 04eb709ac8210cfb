import type { Automation } from '@remi/shared'
import { AppError } from '../../../lib/errors.ts'
import type { ToolRecord } from './record.ts'
import { firstIssue, toolInputSchemas } from './schemas.ts'

/** create_automation (issue 50): a request the assistant answers on a schedule, sent to the person. */
export function automationTools(record: ToolRecord) {
  const { services, userId, run } = record

  const createAutomation = (input: unknown) =>
    run<{ automation: Automation }>(
      'create_automation',
      input,
      { summary: 'Scheduled a request' },
      async () => {
        const parsed = toolInputSchemas.create_automation.safeParse(input ?? {})
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        const service = services.automations
        if (!service) return { error: 'Scheduled requests are not available here.' }
        // Its refusals (more often than hourly, the 50th, an unknown zone) are the tool's answer, in words.
        return service.create(userId, parsed.data).then(
          (automation) => ({ automation }),
          (error: unknown) => {
            if (error instanceof AppError) return { error: error.message }
            throw error
          },
        )
      },
    )

  return { createAutomation }
}
