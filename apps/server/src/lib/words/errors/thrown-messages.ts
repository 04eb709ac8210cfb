/**
 * Every message the server's code throws to a person, read from its source (for errors.test.ts): each
 * call of the error helpers (badRequest, notFound, conflict…, new AppError) with its message said as the
 * error handler says it, a sample value ("7") in the place of each `${…}`. A message made elsewhere at
 * run time (an upstream's words, a variable) is listed as unresolved, with its file and expression.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { asSentence } from '../../../plugins/error-messages.ts'

export interface ThrownMessage {
  file: string
  /** The message as the person reads it in English (after the handler's asSentence for a 4xx). */
  text: string
}

const SAMPLE = '7'
/** What stands for another error's message (`${error.message}`): one the catalogue knows. */
export const SAMPLE_MESSAGE = 'The request is not valid.'
const HELPERS: Record<string, { status: number; arg: number; prefix?: string }> = {
  badRequest: { status: 400, arg: 0 },
  notFound: { status: 404, arg: 0 },
  conflict: { status: 409, arg: 0 },
  forbidden: { status: 403, arg: 0 },
  unauthorized: { status: 401, arg: 0 },
  payloadTooLarge: { status: 413, arg: 0 },
  upstreamFailed: { status: 502, arg: 0 },
  'new AppError': { status: 0, arg: 2 },
  // Field errors of the reminders' services ("dueAt: must be…") and the errors they carry there.
  field: { status: 400, arg: 1 },
  'new RecurrenceError': { status: 400, arg: 0, prefix: 'recurrence: ' },
  'new EndpointError': { status: 400, arg: 0, prefix: 'endpoint: ' },
}
const DEFAULTS: Record<string, string> = {
  unauthorized: 'Sign in to continue.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Resource',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(path)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

/** The text from `open` (an opening bracket or quote) to its match, strings and templates skipped. */
function balanced(source: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' }
  const stack: string[] = []
  const q = source[open]!
  if (q === "'" || q === '"' || q === '`') {
    let i = open + 1
    while (i < source.length && source[i] !== q) {
      if (source[i] === '\\') i += 2
      else if (q === '`' && source[i] === '$' && source[i + 1] === '{') i = balanced(source, i + 1) + 1
      else i++
    }
    return i
  }
  for (let i = open; i < source.length; i++) {
    const c = source[i]!
    if (c === "'" || c === '"') {
      i++
      while (i < source.length && source[i] !== c) i += source[i] === '\\' ? 2 : 1
    } else if (c === '`') {
      i++
      while (i < source.length && source[i] !== '`') {
        if (source[i] === '\\') i += 2
        else if (source[i] === '$' && source[i + 1] === '{') i = balanced(source, i + 1) + 1
        else i++
      }
    } else if (pairs[c]) stack.push(pairs[c])
    else if (c === stack.at(-1)) {
      stack.pop()
      if (stack.length === 0) return i
    }
  }
  return source.length
}

/** The top-level, comma-separated parts of an argument list. */
function splitArgs(list: string): string[] {
  const parts: string[] = []
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!
    if ('([{\'"`'.includes(c)) i = balanced(list, i)
    else if (c === ',') {
      parts.push(list.slice(start, i).trim())
      start = i + 1
    }
  }
  const last = list.slice(start).trim()
  if (last) parts.push(last)
  return parts
}

type Consts = Map<string, { params: string[]; body: string }>

/** The texts an expression can make: literals, templates and constants joined by `+`; null if unknown. */
function texts(expr: string, consts: Consts, args: Record<string, string[]> = {}): string[] | null {
  expr = expr.trim()
  if (expr.startsWith('(') && balanced(expr, 0) === expr.length - 1)
    return texts(expr.slice(1, -1), consts, args)
  const parts: string[] = []
  for (let i = 0; i < expr.length;) {
    const c = expr[i]!
    if (/\s|\+/.test(c)) {
      i++
      continue
    }
    const end = '\'"`'.includes(c) ? balanced(expr, i) : /[\w.]/.test(c) ? -1 : -2
    if (end === -2) return null
    if (end >= 0) {
      parts.push(expr.slice(i, end + 1))
      i = end + 1
      continue
    }
    const name = /^[\w.]+/.exec(expr.slice(i))![0]
    let j = i + name.length
    if (expr[j] === '(') j = balanced(expr, j) + 1
    parts.push(expr.slice(i, j))
    i = j
  }
  let out = ['']
  for (const part of parts) {
    let options: string[] | null
    if (part[0] === "'" || part[0] === '"') options = [part.slice(1, -1).replace(/\\(.)/g, '$1')]
    else if (part[0] === '`') options = template(part.slice(1, -1), consts, args)
    else options = reference(part, consts, args)
    if (!options) return null
    out = out.flatMap((a) => options.map((b) => a + b))
  }
  return out
}

function template(body: string, consts: Consts, args: Record<string, string[]>): string[] {
  let out = ['']
  for (let i = 0; i < body.length;) {
    if (body[i] === '$' && body[i + 1] === '{') {
      const end = balanced(body, i + 1)
      const inner = body.slice(i + 2, end).trim()
      const choice = /^[^?]+\?\s*(['"])(.*?)\1\s*:\s*(['"])(.*?)\3$/.exec(inner)
      const options = choice
        ? [choice[2]!, choice[4]!]
        : /\.message$/.test(inner)
          ? [SAMPLE_MESSAGE]
          : (texts(inner, consts, args) ?? [SAMPLE])
      out = out.flatMap((a) => options.map((b) => a + b))
      i = end + 1
    } else {
      const c = body[i] === '\\' ? body[++i]! : body[i]!
      out = out.map((a) => a + c)
      i++
    }
  }
  return out
}

function reference(part: string, consts: Consts, args: Record<string, string[]>): string[] | null {
  const call = /^(\w+)\((.*)\)$/s.exec(part)
  const name = call ? call[1]! : part
  if (args[name]) return args[name]
  const found = consts.get(name)
  if (!found) return null
  const bound: Record<string, string[]> = {}
  for (const p of found.params) bound[p] = [SAMPLE]
  return texts(found.body, consts, bound)
}

/** `const NAME = 'text'`, `` const NAME = `…${…}` ``, `const NAME = (a: T) => `…``: every module's. */
function constants(files: string[]): Consts {
  const consts: Consts = new Map()
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    const declaration = /^(?:export )?const ([A-Z][A-Z0-9_]+)\s*=\s*/gm
    for (let m; (m = declaration.exec(source));) {
      let at = m.index + m[0].length
      let params: string[] = []
      if (source[at] === '(') {
        const end = balanced(source, at)
        params = splitArgs(source.slice(at + 1, end)).map((p) => p.split(':')[0]!.trim())
        const arrow = /^\s*=>\s*/.exec(source.slice(end + 1))
        if (!arrow) continue
        at = end + 1 + arrow[0].length
      }
      const rest = source.slice(at)
      const line = /^((?:(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*\+?\s*)+)/.exec(rest)
      if (!line) continue
      const body = line[1]!.trim().replace(/\+$/, '').trim()
      const end = '\'"`'.includes(body[0]!) ? balanced(rest, 0) : -1
      if (end < 0) continue
      consts.set(m[1]!, { params, body })
    }
  }
  return consts
}

export function thrownMessages(serverSrc: string, sharedSrc: string) {
  const files = sourceFiles(serverSrc)
  const consts = constants([...files, ...sourceFiles(sharedSrc)])
  const found: ThrownMessage[] = []
  const unresolved: string[] = []
  const call =
    /(?<![\w.])(new AppError|new RecurrenceError|new EndpointError|badRequest|notFound|conflict|forbidden|unauthorized|payloadTooLarge|upstreamFailed|field)\(/g
  for (const path of files) {
    const file = relative(serverSrc, path)
    if (file === 'lib/errors.ts' || file.startsWith('lib/words/errors/')) continue
    const source = readFileSync(path, 'utf8')
    for (let m; (m = call.exec(source));) {
      if (m[1] === 'field' && !file.startsWith('modules/reminders/')) continue
      const helper = HELPERS[m[1]!]!
      const open = m.index + m[0].length - 1
      const args = splitArgs(source.slice(open + 1, balanced(source, open)))
      // The helpers' own definitions ("const field = (name: string, message: string) =>").
      if (/^\w+:/.test(args[0] ?? '') || /const\s+$/.test(source.slice(m.index - 10, m.index))) continue
      const status = helper.status || Number(args[0])
      const arg = args[helper.arg]
      let raws: string[] | null
      if (arg === undefined) raws = DEFAULTS[m[1]!] ? [DEFAULTS[m[1]!]!] : null
      else raws = texts(arg, consts)
      if (!raws) {
        unresolved.push(`${file}: ${m[1]}(${args.join(', ')})`)
        continue
      }
      raws = raws.map((raw) => {
        if (m[1] === 'notFound') return `${raw} not found.`
        if (m[1] === 'field')
          return `${(texts(args[0]!, consts) ?? [args[0] === 'name' ? 'dueAt' : SAMPLE])[0]}: ${raw}`
        if (helper.prefix) return helper.prefix + raw.replace(/^endpoint /, '')
        return raw
      })
      // A message that only passes another one on ("schedule: ${error.message}", "${name}: ${message}").
      const bare = (raw: string) => raw.replaceAll(SAMPLE_MESSAGE, '').replaceAll(SAMPLE, '')
      if (raws.some((raw) => /^[\w.]*[:\s.]*$/.test(bare(raw)))) {
        unresolved.push(`${file}: ${m[1]}(${args.join(', ')})`)
        continue
      }
      for (const raw of raws) found.push({ file, text: status < 500 ? asSentence(raw) : raw })
    }
  }
  return { found, unresolved }
}
