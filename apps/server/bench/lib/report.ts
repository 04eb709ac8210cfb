import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export type Engine = 'postgres' | 'pglite'

/** A budget from the speed issue's table, and whether this figure keeps it (null: not judged in this run). */
export interface Budget {
  text: string
  pass: boolean | null
}

export interface Figure {
  section: 'api' | 'throughput' | 'chat' | 'web' | 'startup' | 'reminders'
  figure: string
  engine: Engine | null
  memories: number | null
  /** As printed in the table. */
  value: string
  /** The raw numbers behind `value` (milliseconds, requests per second, bytes, MB, scores...). */
  values: Record<string, number | null>
  budgets: Budget[]
  note?: string
}

/**
 * `judge` is false in the smoke run (nothing is asserted on time there), so every budget is listed but
 * left unjudged. `at`: the figure is judged only where the budget applies (PostgreSQL, 100 000 memories).
 */
export function budget(
  judge: boolean,
  text: string,
  value: number | null,
  op: '<=' | '>=',
  limit: number,
): Budget {
  if (!judge || value === null || !Number.isFinite(value)) return { text, pass: judge ? false : null }
  return { text, pass: op === '<=' ? value <= limit : value >= limit }
}

/** Figures and the table of them: `npm run bench` prints one table and writes bench/results.json. */
export class Report {
  readonly figures: Figure[] = []
  readonly notes: string[] = []
  readonly started = new Date()

  add(figure: Figure) {
    this.figures.push(figure)
    const verdict = result(figure)
    // A line as each figure lands, so a long run shows progress (the full table comes at the end).
    console.log(
      `  ${figure.section} · ${figure.figure}${figure.engine ? ` · ${figure.engine}` : ''}${
        figure.memories !== null ? ` · ${figure.memories}` : ''
      }: ${figure.value}${verdict ? ` [${verdict}]` : ''}`,
    )
  }

  note(text: string) {
    this.notes.push(text)
    console.log(`  note: ${text}`)
  }

  failures(): Figure[] {
    return this.figures.filter((f) => f.budgets.some((b) => b.pass === false))
  }

  table(): string {
    const header = ['section', 'figure', 'engine', 'memories', 'value', 'budget', 'result']
    const rows = this.figures.map((f) => [
      f.section,
      f.figure,
      f.engine ?? '',
      f.memories === null ? '' : f.memories.toLocaleString('en-US'),
      f.value,
      f.budgets.map((b) => b.text).join('; '),
      result(f),
    ])
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`
    return [
      line(header),
      `|${widths.map((w, i) => (i === 3 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
      ...rows.map(line),
    ].join('\n')
  }

  write(file: string, meta: Record<string, unknown>) {
    mkdirSync(dirname(file), { recursive: true })
    const failed = this.failures().length
    const judged = this.figures.filter((f) => f.budgets.some((b) => b.pass !== null)).length
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          ...meta,
          started: this.started.toISOString(),
          finished: new Date().toISOString(),
          summary: { figures: this.figures.length, judged, failed },
          figures: this.figures.map((f) => ({ ...f, result: result(f) || null })),
          notes: this.notes,
        },
        null,
        2,
      )}\n`,
    )
  }
}

function result(f: Figure): string {
  if (!f.budgets.length) return ''
  if (f.budgets.every((b) => b.pass === null)) return 'not judged'
  const failed = f.budgets.filter((b) => b.pass === false)
  const unjudged = f.budgets.filter((b) => b.pass === null)
  if (!failed.length && unjudged.length) {
    const judged = f.budgets.filter((b) => b.pass === true).map((b) => b.text)
    return `pass (${judged.join('; ')}; the rest not judged here)`
  }
  if (!failed.length) return 'pass'
  return f.budgets.length === 1 ? 'FAIL' : `FAIL: ${failed.map((b) => b.text).join('; ')}`
}
