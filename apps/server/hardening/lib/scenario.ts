/**
 * What a hardening scenario is (scenarios/*.ts, run in name order by scripts/hardening.ts): a module whose
 * default export runs against the production server and returns rows for the one closing table. A new
 * scenario is a new file there; nothing else needs to change.
 */
export type Engine = 'pglite' | 'postgres'

export interface Row {
  /** Short name of what was checked, e.g. 'load 200 clients' or 'kill -9 during an import'. */
  check: string
  engine: Engine | '-'
  /** Did it hold: the check's own verdict, every assertion included. */
  ok: boolean
  /** The figures and, when not ok, why; one line. */
  detail: string
  /** Requests under load that were answered as designed (counts toward "load held"). */
  load?: { requests: number; held: boolean }
  /** Faults injected and how many the app survived as designed. */
  faults?: { injected: number; survived: number }
  /** Bad inputs sent (fuzzing, attacks) that were refused as designed. */
  badInputs?: { tried: number; refused: number }
  /** Acknowledged writes checked afterwards, and how many were missing or changed. */
  writes?: { checked: number; lost: number }
}

export interface Context {
  engines: Engine[]
  /** A PostgreSQL server the scenarios create their own databases on (trust auth, loopback). */
  postgresUrl: string
  /** A directory of this run's own, removed at the end unless HARDENING_KEEP=1. */
  workDir: string
  /** CI's shorter settings (HARDENING_QUICK=1 or --quick). */
  quick: boolean
  log(message: string): void
}

export interface Scenario {
  name: string
  run(context: Context): Promise<Row[]>
}

export const defineScenario = (scenario: Scenario) => scenario
