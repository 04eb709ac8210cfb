import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { payloadTooLarge } from './errors.ts'

/** A request body written to a file of its own (readable by the server's user only), not held in memory. */
export interface UploadedFile {
  path: string
  size: number
  remove(): Promise<void>
}

/** A temporary file's path: under the system's temporary directory, named so no two collide. */
export const tempFilePath = (stem: string) => join(tmpdir(), `remi-${stem}-${randomUUID()}`)

/**
 * Makes the routes of `scope` take an application/json body as an UploadedFile (request.body): streamed
 * to disk as it arrives, at most `limit` bytes (413 naming the limit). The file is removed when the
 * answer has gone or the client has given up, whatever happened in between; the route may remove it sooner.
 */
export function bodyToFile(
  scope: FastifyInstance,
  limit: number,
  tooLarge: string,
  /** Other types taken too (a zip), with their own limit. */
  others?: { types: string[]; limit: number; tooLarge: string },
) {
  // JSON only (and `others`): any other type of body is a 415, never a string the route would take for a file.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('application/json', toFile(limit, tooLarge))
  if (others) scope.addContentTypeParser(others.types, toFile(others.limit, others.tooLarge))
  const removeBody = async (request: FastifyRequest) => {
    const body = request.body as UploadedFile | undefined
    if (body && typeof body === 'object' && 'remove' in body) await body.remove()
  }
  scope.addHook('onResponse', removeBody)
  // A request given up by its client gets no answer (and no onResponse).
  scope.addHook('onRequestAbort', removeBody)
}

/** A content-type parser writing the body to a file of its own, at most `limit` bytes. */
function toFile(limit: number, tooLarge: string) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    const declared = Number(request.headers['content-length'])
    if (declared > limit) return done(payloadTooLarge(tooLarge), undefined)
    const path = tempFilePath('upload')
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        size += chunk.length
        next(size > limit ? payloadTooLarge(tooLarge) : null, chunk)
      },
    })
    const file: UploadedFile = { path, size: 0, remove: () => rm(path, { force: true }) }
    pipeline(payload, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 })).then(
      () => {
        file.size = size
        done(null, file)
      },
      async (error: Error) => {
        await file.remove()
        done(error, undefined)
      },
    )
  }
}
