import { rm } from 'node:fs/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  ACCOUNT_EXPORT_FORMAT,
  ATTACHMENT_QUOTA_REACHED,
  IMPORT_ZIP_MISSING_FILE,
  Activity,
  AnswerMode,
  MEMORIES_EXPORT_FORMAT,
  todayIn,
  type AccountExport,
  type ExportedChatMessage,
  type ImportAccountResult,
} from '@remi/shared'
import { z } from 'zod'
import { badRequest, conflict, notFound, payloadTooLarge } from '../../lib/errors.ts'
import type { SessionsApi, UsersService } from '../auth/index.ts'
import { offlineTitle } from '../chat/index.ts'
import type { DataSourcesService } from '../datasources/index.ts'
import { remappedId, toMemory, type MemoriesService } from '../memories/index.ts'
import { writeAccountExport } from './account-export.ts'
import type { AccountFile } from './account-file.ts'
import { writeAccountZip, zipPath, type AccountZip, type ZippedFile } from './account-zip.ts'
import {
  ChatImportConflictError,
  type AccountRepo,
  type MessageRow,
  type NewMessage,
} from './account.repo.ts'

type ImportInput = Pick<AccountFile, 'memories' | 'conversations'> & Partial<Pick<AccountFile, 'files'>>

/** The memories' files as the export carries and the import restores them (attachments' archive). */
export interface AccountFiles {
  maxBytesPerUser: number
  ofMemories(userId: string, memoryIds: string[]): Promise<Map<string, FileRow[]>>
  data(userId: string, id: string): Promise<Buffer | undefined>
  owned(userId: string, ids: string[]): Promise<Set<string>>
  usedBytes(userId: string): Promise<number>
  restore(
    userId: string,
    file: Omit<AccountFile['files'][number], 'size' | 'path'> & { data: Buffer },
  ): Promise<string | null>
  afterRestore(userId: string, memoryIds: string[], toRead: string[]): Promise<void>
}
interface FileRow {
  id: string
  name: string
  type: string
  size: number
  width: number | null
  height: number | null
  pages: number | null
  status: 'reading' | 'ready' | 'failed'
  reason: string | null
  text: string | null
}
type ExportedMemory = AccountExport['memories'][number]

/** A memory's files as the export's JSON lists them, each with its place in the zip. */
const listedFiles = (rows: FileRow[]): NonNullable<ExportedMemory['attachments']> =>
  rows.map((f) => ({
    id: f.id,
    name: f.name,
    type: f.type,
    size: f.size,
    ...(f.width !== null ? { width: f.width } : {}),
    ...(f.height !== null ? { height: f.height } : {}),
    ...(f.pages !== null ? { pages: f.pages } : {}),
    status: f.status,
    ...(f.reason ? { reason: f.reason } : {}),
    path: zipPath(f.id, f.name),
    text: f.text,
  }))

/** The parts of an assistant message's metadata an export carries (chat.service.ts stores them). */
const StoredAnswer = z.object({
  citations: z.array(z.string()).catch([]),
  activity: z.array(Activity).catch([]),
  mode: AnswerMode.optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  stopped: z.boolean().catch(false),
})

const firstWords = (content: string | undefined) => (content ? offlineTitle(content) || null : null)

function exportedMessage(row: MessageRow): ExportedChatMessage {
  const base = { id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString() }
  if (row.role === 'user') return base
  const meta = StoredAnswer.safeParse(row.metadata ?? {})
  const stored = meta.success ? meta.data : StoredAnswer.parse({})
  return {
    ...base,
    citations: stored.citations,
    activity: stored.activity,
    ...(stored.mode ? { mode: stored.mode } : {}),
    ...(stored.model ? { model: stored.model } : {}),
    stopped: stored.stopped,
  }
}

/** Rows read per query while exporting: a slice is a few milliseconds of this thread's time. */
const EXPORT_SLICE = 500

/** `ids` a slice at a time, each read by `read`. */
async function* slices<T>(ids: string[], read: (ids: string[]) => Promise<T[]>): AsyncIterable<T[]> {
  for (let i = 0; i < ids.length; i += EXPORT_SLICE) yield await read(ids.slice(i, i + EXPORT_SLICE))
}

/** The account as a whole: export it, restore memories and chat from an export, delete it. */
export function createAccountService(deps: {
  repo: AccountRepo
  users: Pick<UsersService, 'findById' | 'latestIdentity'>
  memories: MemoriesService
  dataSources: DataSourcesService
  sessions: SessionsApi
}) {
  const { repo, users, memories, dataSources, sessions } = deps
  let files: AccountFiles | undefined

  /**
   * An id of the file as it lands for this user: kept when it is already theirs, else its stand-in
   * (hashed once: a conversation's id comes with each of its messages).
   */
  const landed = (userId: string, own: Set<string>) => {
    const standIns = new Map<string, string>()
    return (id: string) => {
      if (own.has(id)) return id
      let standIn = standIns.get(id)
      if (standIn === undefined) standIns.set(id, (standIn = remappedId(userId, id)))
      return standIn
    }
  }

  /**
   * The zip's files that will land, checked before anything is written: each listed one is in the zip
   * at the size listed (else 400), and the new ones fit the person's allowance (else 413 naming it). Ids
   * follow the memories' rule (the person's own kept, any other its stand-in); one already there is left.
   */
  async function planFiles(userId: string, listed: AccountFile['files'], zip: AccountZip) {
    if (!files) return []
    for (const file of listed)
      if (zip.sizes.get(file.path) !== file.size) throw badRequest(IMPORT_ZIP_MISSING_FILE(file.path))
    const memoryId = landed(
      userId,
      await repo.ownedMemoryIds(userId, [...new Set(listed.map((f) => f.memoryId))]),
    )
    const fileId = landed(
      userId,
      await files.owned(
        userId,
        listed.map((f) => f.id),
      ),
    )
    const planned = listed.map((f) => ({ ...f, id: fileId(f.id), memoryId: memoryId(f.memoryId) }))
    const there = await files.owned(
      userId,
      planned.map((f) => f.id),
    )
    const fresh = planned.filter((f) => !there.has(f.id))
    const adding = fresh.reduce((sum, f) => sum + f.size, 0)
    if (adding > 0 && (await files.usedBytes(userId)) + adding > files.maxBytesPerUser)
      throw payloadTooLarge(ATTACHMENT_QUOTA_REACHED(Math.round(files.maxBytesPerUser / 1024 / 1024)))
    return fresh
  }

  /** Writes the planned files, one at a time, their bytes read from the zip; answers how many landed. */
  async function restoreFiles(userId: string, planned: AccountFile['files'], zip: AccountZip) {
    if (!files || planned.length === 0) return 0
    const memoryIds = new Set<string>()
    const toRead: string[] = []
    let written = 0
    for (const { path, size: _size, ...file } of planned) {
      const type = await files.restore(userId, { ...file, data: await zip.read(path) })
      if (!type) continue
      written++
      memoryIds.add(file.memoryId)
      // A PDF is read again for its first page's thumbnail (kept in the database, not in the zip).
      if (file.status === 'reading' || type === 'application/pdf') toRead.push(file.id)
    }
    await files.afterRestore(userId, [...memoryIds], toRead)
    return written
  }

  return {
    /** The memories' files (app.ts, once the attachments service exists): the export zip carries them. */
    useFiles(archive: AccountFiles) {
      files = archive
    },

    /** The most bytes of files one person may keep (ATTACHMENTS_MAX_MB_PER_USER): what a zip may carry. */
    filesMaxBytes: () => files?.maxBytesPerUser ?? 0,

    /**
     * Writes the whole account to `path` as one JSON file ('remi-account', see AccountExport), a slice of
     * rows at a time (account-export.ts), and gives the name it is downloaded as.
     */
    async exportToFile(
      userId: string,
      path: string,
      { zip = false }: { zip?: boolean } = {},
    ): Promise<{ fileStem: string }> {
      const user = await users.findById(userId)
      if (!user) throw notFound('User')
      const [identity, sources, memoryIds, conversations, messageIds, memoryVersions] = await Promise.all([
        users.latestIdentity(userId),
        dataSources.list(userId),
        repo.memoryIds(userId),
        repo.conversations(userId),
        repo.messageIds(userId),
        memories.allChanges(userId),
      ])
      const idsOf = new Map<string, string[]>()
      for (const m of messageIds) {
        const list = idsOf.get(m.conversationId)
        if (list) list.push(m.id)
        else idsOf.set(m.conversationId, [m.id])
      }
      // Messages are read EXPORT_SLICE at a time in the file's order (conversation by conversation),
      // whatever the conversations' sizes: not a query for each of 10 000 short conversations.
      const order = conversations.flatMap((c) => idsOf.get(c.id) ?? [])
      let window = new Map<string, MessageRow>()
      let windowEnd = 0
      let position = 0
      const nextMessages = async (count: number) => {
        const out: ExportedChatMessage[] = []
        for (const end = position + count; position < end; position++) {
          if (position >= windowEnd) {
            const ids = order.slice(position, position + EXPORT_SLICE)
            window = new Map((await repo.messagesByIds(userId, ids)).map((r) => [r.id, r]))
            windowEnd = position + ids.length
          }
          const row = window.get(order[position]!)
          if (row) out.push(exportedMessage(row))
        }
        return out
      }
      const zipped: ZippedFile[] = []
      // A zip: the JSON written first beside it, then the zip of it and the files, one file at a time.
      const jsonPath = zip ? `${path}.json` : path
      await writeAccountExport(jsonPath, {
        head: {
          format: ACCOUNT_EXPORT_FORMAT,
          version: 1,
          exportedAt: new Date().toISOString(),
          profile: {
            name: user.name,
            email: user.email,
            picture: user.picture,
            provider: identity?.provider ?? 'local',
            createdAt: user.createdAt.toISOString(),
          },
          settings: { timezone: user.timezone, theme: user.theme, language: user.language },
          memoryVersions,
        },
        memories: slices(memoryIds, async (ids) => {
          const rows = new Map((await repo.memoriesByIds(userId, ids)).map((r) => [r.id, r]))
          const attached = zip && files ? await files.ofMemories(userId, ids) : new Map<string, FileRow[]>()
          return ids.flatMap((id): ExportedMemory[] => {
            if (!rows.has(id)) return []
            const { attachments: _shown, ...memory } = toMemory(rows.get(id)!)
            const listed = listedFiles(attached.get(id) ?? [])
            for (const file of listed)
              zipped.push({ path: file.path, type: file.type, data: () => files!.data(userId, file.id) })
            return [listed.length ? { ...memory, attachments: listed } : memory]
          })
        }),
        conversations: (async function* () {
          for (const c of conversations) {
            const count = idsOf.get(c.id)?.length ?? 0
            yield {
              id: c.id,
              createdAt: c.createdAt.toISOString(),
              title: c.title,
              messages: (async function* () {
                for (let i = 0; i < count; i += EXPORT_SLICE)
                  yield nextMessages(Math.min(EXPORT_SLICE, count - i))
              })(),
            }
          }
        })(),
        dataSources: sources,
      })
      if (!zip) return { fileStem: `remi-account-${todayIn(user.timezone)}` }
      try {
        await writeAccountZip(path, jsonPath, zipped)
      } finally {
        await rm(jsonPath, { force: true })
      }
      return { fileStem: `remi-export-${todayIn(user.timezone)}` }
    },

    /**
     * Memories first (as POST memories/import does), then chat in one transaction, with citations
     * pointing at the memories as they landed. Ids follow the memories' rule: the user's own are kept,
     * any other id gets its stand-in, so a second import of the same file adds nothing.
     */
    async importAll(userId: string, body: ImportInput, zip?: AccountZip): Promise<ImportAccountResult> {
      const restoring = zip ? await planFiles(userId, body.files ?? [], zip) : undefined
      const memoryResult = await memories.importAll(userId, {
        format: MEMORIES_EXPORT_FORMAT,
        version: 1,
        memories: body.memories,
      })
      const conversationIds = body.conversations.map((c) => c.id)
      const messages = body.conversations.flatMap((c) =>
        c.messages.map((m) => ({ ...m, conversationId: c.id })),
      )
      const citations = [...new Set(messages.flatMap((m) => m.citations ?? []))]
      const [ownConversations, ownMessages, ownMemories] = await Promise.all([
        repo.ownedConversationIds(userId, conversationIds),
        repo.ownedMessageIds(
          userId,
          messages.map((m) => m.id),
        ),
        repo.ownedMemoryIds(userId, citations),
      ])
      const conversationId = landed(userId, ownConversations)
      const messageId = landed(userId, ownMessages)
      const memoryId = landed(userId, ownMemories)
      const newConversations = body.conversations.map((c) => ({
        id: conversationId(c.id),
        createdAt: new Date(c.createdAt ?? c.messages[0]?.createdAt ?? Date.now()),
        // A file from before titles: the first words of the first message, as the chat names one.
        title: c.title ?? firstWords(c.messages.find((m) => m.role === 'user')?.content),
      }))
      const newMessages: NewMessage[] = []
      for (const [i, m] of messages.entries()) {
        newMessages.push({
          id: messageId(m.id),
          conversationId: conversationId(m.conversationId),
          role: m.role,
          content: m.content,
          createdAt: new Date(m.createdAt),
          metadata:
            m.role === 'assistant'
              ? {
                  citations: [...new Set((m.citations ?? []).map(memoryId))],
                  activity: m.activity ?? [],
                  calls: [],
                  ...(m.mode ? { mode: m.mode } : {}),
                  ...(m.model ? { model: m.model } : {}),
                  stopped: m.stopped ?? false,
                }
              : null,
        })
        // Each foreign id is hashed to its stand-in: 200 000 messages are seconds of this thread's
        // time, so others' requests get turns in between (250 are a few milliseconds).
        if (i % 250 === 249) await nextTurn()
      }
      try {
        const chat = await repo.importChat(userId, newConversations, newMessages)
        if (!restoring) return { memories: memoryResult, chat }
        return { memories: memoryResult, chat, files: await restoreFiles(userId, restoring, zip!) }
      } catch (error) {
        if (error instanceof ChatImportConflictError)
          throw conflict(`${error.message} The memories were imported; the chat was not.`)
        throw error
      }
    },

    /** Deletes the account and everything in it, once the e-mail typed matches the account's. */
    async deleteAccount(userId: string, typedEmail: string): Promise<void> {
      const user = await users.findById(userId)
      if (!user) throw notFound('User')
      if (typedEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
        throw badRequest(
          'The e-mail address does not match this account. Type it exactly to delete the account.',
        )
      }
      await repo.deleteUser(userId)
      // This instance stops believing the account's sessions at once (others within SESSION_CACHE_MS).
      sessions.forgetUser(userId)
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
