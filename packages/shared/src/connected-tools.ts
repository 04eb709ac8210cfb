import { z } from 'zod'
import { isStorableText } from './text.ts'

/** The person's own MCP servers (issue 50): their tools, offered to the chat's model once turned on. */
export const CONNECTED_TOOLS_LIMITS = {
  nameMax: 60,
  urlMax: 2000,
  /** Servers one person may connect. */
  serversPerUser: 20,
  headersMax: 10,
  headerValueMax: 4000,
  /** Connecting, listing or one call to a server that hangs costs at most this. */
  timeoutMs: 20_000,
  /** A call's result as the chat shows it (the model gets up to TOOL_RESULT_MAX). */
  resultShownMax: 300,
} as const

/** What any tool's result may weigh when it reaches the model; the rest is cut (issue 50). */
export const TOOL_RESULT_MAX = 8000
/** Tool calls one answer may make, Remi's own and the person's together. */
export const TOOL_CALLS_PER_ANSWER = 8

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/
/** Set by the MCP client itself: a stored value would break or spoof the protocol. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'accept',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
])

export const McpServerHeaders = z
  .record(z.string(), z.string({ error: 'Each header value must be text.' }))
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers)
    if (names.length > CONNECTED_TOOLS_LIMITS.headersMax) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${CONNECTED_TOOLS_LIMITS.headersMax} headers can be sent.`,
      })
    }
    for (const name of names) {
      const value = headers[name]!
      if (!HEADER_NAME.test(name)) {
        ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 40)}" is not a valid header name.` })
      } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
        ctx.addIssue({ code: 'custom', message: `The header ${name} is set by Remi itself.` })
      } else if (/[\r\n\0]/.test(value) || value.length > CONNECTED_TOOLS_LIMITS.headerValueMax) {
        ctx.addIssue({
          code: 'custom',
          message: `The header ${name} must be one line of at most ${CONNECTED_TOOLS_LIMITS.headerValueMax} characters.`,
        })
      }
    }
  })

export const CreateMcpServerBody = z.object({
  name: z
    .string({ error: 'name is required.' })
    .trim()
    .min(1, 'Name must not be blank.')
    .max(CONNECTED_TOOLS_LIMITS.nameMax, `Name must be at most ${CONNECTED_TOOLS_LIMITS.nameMax} characters.`)
    .refine(isStorableText, 'Name must not contain NUL or broken characters.'),
  url: z
    .string({ error: 'url is required.' })
    .trim()
    .min(1, 'The server address must not be blank.')
    .max(
      CONNECTED_TOOLS_LIMITS.urlMax,
      `The address must be at most ${CONNECTED_TOOLS_LIMITS.urlMax} characters.`,
    )
    .superRefine((v, ctx) => {
      const url = URL.canParse(v) ? new URL(v) : null
      const problem = !url
        ? 'The server address is not a valid web address.'
        : !/^https?:$/.test(url.protocol)
          ? 'The server address must start with http:// or https://.'
          : url.username || url.password
            ? 'Put credentials in a header, not in the address.'
            : null
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  /** Such as `{Authorization: "Bearer …"}`: kept encrypted, never shown again. */
  headers: McpServerHeaders.optional(),
})
export type CreateMcpServerBody = z.input<typeof CreateMcpServerBody>

export const ConnectedTool = z.object({
  name: z.string(),
  description: z.string(),
  /** Offered to the model; every tool starts off. */
  enabled: z.boolean(),
  /** The server marks it read-only (annotations.readOnlyHint): it runs at once; others ask first. */
  readOnly: z.boolean(),
})
export type ConnectedTool = z.infer<typeof ConnectedTool>

export const McpServer = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  /** In words: "Connected: 3 tools." or why the server could not be reached. */
  status: z.string(),
  /** The last time Remi asked it, its tools came. */
  connected: z.boolean(),
  /** Whether headers are kept for it (their values are never returned). */
  hasHeaders: z.boolean(),
  tools: z.array(ConnectedTool),
})
export type McpServer = z.infer<typeof McpServer>
export const McpServerList = z.array(McpServer)

export const McpServerParams = z.object({ id: z.uuid({ error: 'id must be a UUID.' }) })
export const McpServerToolParams = McpServerParams.extend({
  name: z.string().min(1, 'name is required.').max(200, 'name is too long.'),
})
export const UpdateConnectedToolBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
})

/** A call to a tool that asks first: shown under the answer with Run and Cancel. */
export const ConnectedToolCall = z.object({
  id: z.uuid(),
  conversationId: z.uuid().nullable(),
  serverName: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** lapsed: the next message was sent before Run; failed: it ran and the server said no. */
  status: z.enum(['pending', 'ran', 'failed', 'cancelled', 'lapsed']),
  /** The start of what the tool answered (ran, failed). */
  result: z.string().nullable(),
  createdAt: z.string(),
})
export type ConnectedToolCall = z.infer<typeof ConnectedToolCall>
export const ConnectedToolCallList = z.array(ConnectedToolCall)
export const ConnectedToolCallsQuery = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a UUID.' }),
})

export const TOOL_CALL_USED = 'This call was already run or cancelled.'
export const TOOL_CALL_LAPSED = 'This call lapsed when the next message was sent. Ask again to run it.'
