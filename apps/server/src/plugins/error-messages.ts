/**
 * A 4xx message is read by a person (the web shows it as it comes): a sentence in plain words, never a
 * field path ("body.configuration.icsUrl: …") nor a validator's wording ("Too big: expected string to
 * have <=200 characters"). One mapping for every route: the schema errors and the services' messages.
 */

/** What fastify-type-provider-zod hands the error handler for each zod issue. */
export interface SchemaIssue {
  keyword: string
  instancePath?: string
  message?: string
  params?: Record<string, unknown>
}

/** Field names as a person knows them; any other is spelled out from its camelCase. */
export const LABELS: Record<string, string> = {
  autoSaveFacts: 'The setting to save facts automatically',
  briefingTime: 'The briefing time',
  code: 'The code',
  configuration: 'The data source settings',
  dataSourceType: 'The data source type',
  date: 'The date',
  dueAt: "The reminder's time",
  email: 'The e-mail address',
  endDate: 'The end date',
  endpoint: 'The push subscription',
  expiresAt: 'The expiry date',
  format: 'The format',
  from: 'The start',
  icsUrl: 'The calendar link',
  id: 'The id',
  isEnabled: 'The on/off setting',
  language: 'The language',
  locationName: 'The location',
  memoryId: 'The memory id',
  page: 'The page number',
  pageSize: 'The page size',
  password: 'The password',
  private: 'The private setting',
  q: 'The search',
  readAloudAfterDictation: 'The setting to read answers aloud after dictation',
  query: 'The search',
  recurrence: 'The repeat rule',
  searchTerm: 'The search',
  startDate: 'The start date',
  status: 'The status',
  tags: 'The tags',
  text: 'The text',
  theme: 'The theme',
  timezone: 'The time zone',
  title: 'The title',
  to: 'The end',
  token: 'The link',
  version: 'The version',
}

const ACRONYMS = new Set(['id', 'ics', 'url', 'uri', 'api', 'smtp', 'mcp', 'jwt', 'csrf', 'ui'])

/** "searchTerm" → "The search", "vacationMode" → "Vacation mode", "icsUrl" → "The calendar link". */
export function fieldLabel(name: string): string {
  const known = LABELS[name]
  if (known) return known
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()))
  const text = words.join(' ')
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'A value'
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const withStop = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`)

/** A message that already reads as one of ours: ends like a sentence and has none of zod's wording. */
const ZOD_WORDING =
  /\b(?:expected (?:string|number|boolean|array|object|one of)|received (?:undefined|string|number|boolean|array|object|null)|Too (?:big|small):|Invalid (?:input|option|string|element|key|UUID|ISO|URL|email))\b|[<>]=?\s?\d/i

/** How a value of this zod type is described ("must be a number"). */
export const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
  null: 'empty',
}

const FORMATS: Record<string, string> = {
  uuid: 'is not a valid id',
  guid: 'is not a valid id',
  email: 'must be an e-mail address',
  url: 'must be a web address',
  datetime: 'must be a date and time',
  date: 'must be a date written YYYY-MM-DD',
  time: 'must be a time of day',
  regex: 'is not in the right form',
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function sizeLimit(origin: unknown, n: number, side: 'most' | 'least'): string {
  if (origin === 'string') {
    return side === 'least' && n === 1 ? 'must not be empty' : `must be at ${side} ${plural(n, 'character')}`
  }
  if (origin === 'array' || origin === 'set') return `must have at ${side} ${plural(n, 'item')}`
  if (origin === 'file') return `must be at ${side} ${n} bytes`
  return `must be at ${side} ${n}`
}

/** The issue's words after the field's label ("must be at most 200 characters"). */
function requirement(issue: SchemaIssue): string {
  const p = issue.params ?? {}
  switch (issue.keyword) {
    case 'invalid_type': {
      if (/received undefined/.test(issue.message ?? '')) return 'is required'
      const kind = KIND[String(p.expected)]
      return kind ? `must be ${kind}` : 'is not valid'
    }
    case 'too_big':
      return sizeLimit(p.origin, Number(p.maximum), 'most')
    case 'too_small':
      return sizeLimit(p.origin, Number(p.minimum), 'least')
    case 'invalid_format':
      return FORMATS[String(p.format)] ?? 'is not in the right form'
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map((v) => `'${String(v)}'`) : []
      if (values.length === 1) return `must be ${values[0]}`
      if (values.length > 1 && values.length <= 8)
        return `must be one of ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
      return 'is not one of the values allowed'
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(p.divisor)}`
    default:
      return 'is not valid'
  }
}

/** "/memories/2600/text" → the field's name and, inside a list, which item (1-based). */
function pathParts(instancePath: string | undefined) {
  const segments = (instancePath ?? '').split('/').filter(Boolean)
  const named = segments.filter((s) => !/^\d+$/.test(s))
  const index = segments.findLast((s) => /^\d+$/.test(s))
  return { name: named.at(-1), item: index === undefined ? null : Number(index) + 1 }
}

/**
 * A message that begins with a field's own name ("searchTerm must be…", "dueAt: must be…",
 * "configuration.icsUrl: ICS URL must…") begins with the field's label instead, or with the words after
 * the name when they make a sentence of their own.
 */
/**
 * Where in a body an issue is: "Item 3" in a list; in lists within lists, each named by its list
 * ("conversations.30.messages.7" is "Conversation 31, message 8").
 */
function placeOf(segments: string[]): string | undefined {
  const indexes = segments.flatMap((s, i) => (/^\d+$/.test(s) ? [i] : []))
  if (indexes.length === 0) return undefined
  if (indexes.length === 1) return `Item ${Number(segments[indexes[0]!]) + 1}`
  const places = indexes.map(
    (i) => `${segments[i - 1]?.replace(/s$/, '') ?? 'item'} ${Number(segments[i]) + 1}`,
  )
  return capitalize(places.join(', '))
}

export function asSentence(message: string, field?: string): string {
  const text = message.trim()
  const prefixed = /^([A-Za-z][\w]*(?:\.[\w]+)*)\s*:\s+(.+)$/s.exec(text)
  if (prefixed && (/[.A-Z]|^[a-z]+$/.test(prefixed[1]!) || prefixed[1] === field)) {
    const segments = prefixed[1]!.split('.')
    const name = segments.filter((s) => !/^\d+$/.test(s)).at(-1)!
    const place = placeOf(segments)
    const rest = prefixed[2]!
    // A validator's words after the name ("body: Invalid input: expected object, received array").
    if (ZOD_WORDING.test(rest)) {
      const whole = ['body', 'querystring', 'params', 'request'].includes(name)
      const said = whole ? 'The request body must be a JSON object.' : `${fieldLabel(name)} is not valid.`
      return place === undefined ? said : `${place}: ${said}`
    }
    const said = /^(?:must|is|are|cannot|can't|should|needs?|has|have|was|does|do)\b|^['"‘“]/.test(rest)
      ? withStop(`${fieldLabel(name)} ${rest}`)
      : asSentence(rest, name)
    return place === undefined ? said : `${place}: ${said}`
  }
  // "Must be a real date…": said of the field.
  if (field && /^Must\b/.test(text)) return withStop(`${fieldLabel(field)} m${text.slice(1)}`)
  const first = /^([a-z]+[A-Z][A-Za-z]*|[a-z]+(?:\.[a-z]\w*)*)\b(?=\s)/.exec(text)?.[1]
  if (first && (first === field || first.includes('.') || /[A-Z]/.test(first))) {
    return withStop(`${fieldLabel(first.split('.').at(-1)!)}${text.slice(first.length)}`)
  }
  return withStop(capitalize(text))
}

/** A schema error as a sentence: ours when the schema wrote one, else said from the issue's kind. */
export function schemaIssueMessage(issue: SchemaIssue | undefined, where = 'body'): string {
  if (!issue) return 'The request is not valid.'
  const { name, item } = pathParts(issue.instancePath)
  const own = issue.message?.trim() ?? ''
  let sentence: string
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params?.keys) ? issue.params.keys.map(String) : []
    sentence = `The request has ${keys.length === 1 ? 'a field' : 'fields'} Remi does not know: ${keys.join(', ')}.`
  } else if (own && /[.!?]$/.test(own) && !ZOD_WORDING.test(own)) {
    sentence = asSentence(own, name)
  } else if (name) {
    const label = fieldLabel(name)
    // "The tags are not valid", "The text is not valid".
    const says = /[^s]s$/.test(label) ? requirement(issue).replace(/^is\b/, 'are') : requirement(issue)
    sentence = `${label} ${says}.`
  } else {
    sentence =
      where === 'body' && issue.keyword === 'invalid_type'
        ? 'The request body must be a JSON object.'
        : 'The request is not valid.'
  }
  return item === null ? sentence : `Item ${item}: ${sentence}`
}

/** A zod issue met outside a route (a tool's input), said as the error handler says a route's. */
export function zodIssueMessage(
  issue: { code: string; path: PropertyKey[]; message: string } | undefined,
): string {
  if (!issue) return 'The request is not valid.'
  return schemaIssueMessage({
    keyword: issue.code,
    instancePath: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
    params: { ...issue },
  })
}
