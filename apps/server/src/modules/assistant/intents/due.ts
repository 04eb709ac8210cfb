import { daysAskedAbout } from '../../language/index.ts'
import { fromWall } from '../../reminders/index.ts'
import { describeDays } from '../answers/calendar.ts'
import { intent } from './types.ts'

/** "What's due today?", "tell me what is due tomorrow", "anything due this week?": reminders and the day. */
const DUE =
  /^(?:(?:please\s+)?tell me\s+)?(?:what(?:'|’)?s|what is|what are|anything|is anything)\b.*\bdue\b/i

/** The instant a local day starts in the zone. */
const dayStart = (day: string, zone: string) => fromWall(new Date(`${day}T00:00:00Z`), zone)

/**
 * What is due on the days asked about (issue 50: "every morning at 7 tell me what's due today" runs it):
 * the reminders that fall due then, then the calendar's events and the memories dated then.
 */
export const due = intent({
  name: 'due',
  help: false,
  examples: ["What's due today?", "Tell me what's due today", 'Anything due tomorrow?'],
  match: (text, { timeZone, now }) =>
    DUE.test(text) ? { range: daysAskedAbout(text, timeZone, now) } : null,
  async answer({ range }, deps) {
    const { clock } = deps
    const days = await describeDays(deps.tools, range, clock.today)
    const service = deps.services.reminders
    if (!service) return days
    const end = new Date(`${range.to}T00:00:00Z`)
    end.setUTCDate(end.getUTCDate() + 1)
    const reminders = await service.list(deps.userId, {
      status: 'scheduled',
      from: dayStart(range.from, clock.timeZone).toISOString(),
      to: new Date(dayStart(end.toISOString().slice(0, 10), clock.timeZone).getTime() - 1).toISOString(),
      limit: 20,
    })
    const time = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: clock.timeZone,
      }).format(new Date(iso))
    const lines = reminders.map((r) => `- ${time(r.nextAt ?? r.dueAt)} ${r.text}`)
    const said = lines.length ? ['Reminders due:', '', ...lines].join('\n') : 'No reminders are due then.'
    return { ...days, markdown: `${said}\n\n${days.markdown}` }
  },
})
