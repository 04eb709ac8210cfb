/**
 * People and things by role (issue 44): a question says "my son", "my sister-in-law", "my manager";
 * the notes name them ("my son Tomás", "Inês (my cunhada)", "MIL / Pauline", "from May I report to
 * Helen"). The relations are read from the person's own notes when a question names a role, newest note
 * first (so a change of manager is followed), from the notes recall may show only (never a private one,
 * never another user's), and the names found are looked for with the question's words.
 */

/**
 * Roles by what they mean, each with the ways notes write it: English words and their short forms,
 * and for family by marriage the words of the languages people most often mix into English notes
 * (Portuguese, Spanish, French, Italian, German). Whole categories, not a set's words.
 */
export const ROLE_GROUPS: readonly (readonly string[])[] = [
  ['mother', 'mum', 'mom', 'mam', 'mummy', 'mommy', 'ma'],
  ['father', 'dad', 'daddy', 'papa', 'pa', 'pop'],
  ['son'],
  ['daughter'],
  ['brother', 'bro'],
  ['sister', 'sis'],
  [
    'husband',
    'hubby',
    'partner',
    'wife',
    'spouse',
    'other half',
    'oh',
    'boyfriend',
    'girlfriend',
    'fiance',
    'fiancé',
    'fiancée',
  ],
  ['grandmother', 'grandma', 'gran', 'granny', 'nan', 'nana', 'nanna', 'nanny'],
  ['grandfather', 'grandad', 'granddad', 'grandpa', 'gramps'],
  ['grandson', 'granddaughter', 'grandchild', 'grandkid'],
  ['aunt', 'auntie', 'aunty'],
  ['uncle'],
  ['cousin'],
  ['niece'],
  ['nephew'],
  [
    'mother-in-law',
    'mother in law',
    'mum-in-law',
    'mum in law',
    'mom-in-law',
    'mil',
    'sogra',
    'suegra',
    'belle-mère',
    'suocera',
    'schwiegermutter',
  ],
  [
    'father-in-law',
    'father in law',
    'dad-in-law',
    'fil',
    'sogro',
    'suegro',
    'beau-père',
    'suocero',
    'schwiegervater',
  ],
  ['brother-in-law', 'brother in law', 'bil', 'cunhado', 'cuñado', 'beau-frère', 'cognato', 'schwager'],
  [
    'sister-in-law',
    'sister in law',
    'sil',
    'cunhada',
    'cuñada',
    'belle-sœur',
    'belle-soeur',
    'cognata',
    'schwägerin',
  ],
  ['son-in-law'],
  ['daughter-in-law', 'dil'],
  ['stepmother', 'stepmum', 'stepmom', 'step-mum', 'step-mom'],
  ['stepfather', 'stepdad', 'step-dad'],
  ['stepson', 'stepdaughter', 'stepchild'],
  ['godmother', 'godfather', 'godson', 'goddaughter', 'godchild'],
  ['manager', 'line manager', 'boss', 'supervisor', 'team lead', 'head of department', 'hod'],
  ['colleague', 'coworker', 'co-worker', 'workmate'],
  ['mentor'],
  ['assistant', 'pa'],
  ['neighbour', 'neighbor', 'next door'],
  ['landlord', 'landlady', 'letting agent'],
  ['friend', 'best friend', 'bestie', 'best mate', 'mate', 'pal', 'bff'],
  ['flatmate', 'housemate', 'roommate'],
  ['ex', 'ex-husband', 'ex-wife', 'ex-partner'],
  ['cleaner'],
  ['nanny', 'childminder', 'babysitter', 'au pair'],
  ['dog walker'],
  ['gardener'],
  ['plumber'],
  ['electrician', 'sparky', 'sparkie'],
  ['builder'],
  ['roofer'],
  ['decorator', 'painter'],
  ['mechanic'],
  ['accountant'],
  ['solicitor', 'lawyer', 'attorney'],
  ['dentist'],
  ['doctor', 'gp'],
  ['vet'],
  ['physio', 'physiotherapist'],
  ['therapist', 'counsellor', 'counselor'],
  ['hairdresser', 'barber'],
  ['tutor'],
  ['teacher'],
  ['coach'],
  ['carer', 'caregiver'],
]

export interface RoleAsked {
  /** The role's ways of being written. */
  group: readonly string[]
  /** Whose ("Dan's brother": dan); null for the asker's own ("my brother"). */
  of: string | null
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[- ]/g, '[- ]?')
/**
 * A pattern's words in any case ("MIL", "Mil", "mil"), the rest of it case-sensitive: a name is a word
 * that starts with a capital (a case-insensitive pattern would take any word for one).
 */
const anyCase = (source: string) =>
  source.replace(/\p{L}/gu, (c) =>
    c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`,
  )
const alternation = (group: readonly string[]) =>
  [...group]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')
const BOUND_BEFORE = String.raw`(?<![\p{L}\p{N}])`
const BOUND_AFTER = String.raw`(?![\p{L}\p{N}])`

/** A word of a name as notes write it: capitalised, any letters (Inês, O'Neill, Anne-Marie). */
const NAME = String.raw`(\p{Lu}[\p{L}'’-]*\p{L})`
/** Titles before a name ("Dr Femi"): the name is the word after. */
const TITLE = `(?:${anyCase('(?:dr|mr|mrs|ms|miss|prof)')}\\.?\\s+)?`
/** Words that may stand between "my" and the role ("my new manager", "my little sister"). */
const QUALIFIER_WORDS =
  '(?:new|current|old|former|little|big|older|younger|eldest|oldest|youngest|baby|twin|late|lovely|dear)'
const QUALIFIER = `(?:${anyCase(QUALIFIER_WORDS)}\\s+)?`

/**
 * Each role group's pattern in a question, made when first needed and kept: on the lower-cased text, so
 * without the `i` flag. Made for every group on every question, with Unicode case folding, they took
 * 167 ms of the main thread to compile (and again after V8 dropped them).
 */
const ASKED_PATTERNS: RegExp[] = []
/** QUALIFIER for the lower-cased question. */
const QUALIFIER_LOWER = `(?:${QUALIFIER_WORDS}\\s+)?`
const askedPattern = (k: number) =>
  (ASKED_PATTERNS[k] ??= new RegExp(
    String.raw`${BOUND_BEFORE}(?:(my|our|\p{L}+)['’]s\s+|(?:my|our|the|his|her|their)\s+${QUALIFIER_LOWER})?(${alternation(ROLE_GROUPS[k]!)})(?:['’]s)?${BOUND_AFTER}`,
    'u',
  ))
/** Each group's words' first parts ("sister" of "sister-in-law"): a question holding none names no such role. */
const GROUP_STEMS = ROLE_GROUPS.map((group) => group.map((word) => word.split(/[- ]/)[0]!))

/** The roles a question names: "my sister-in-law", "Dan's brother", "the neighbour who…". */
export function rolesAsked(text: string): RoleAsked[] {
  const lower = text.toLowerCase()
  const found: Array<RoleAsked & { start: number; end: number }> = []
  for (const [k, group] of ROLE_GROUPS.entries()) {
    if (!GROUP_STEMS[k]!.some((stem) => lower.includes(stem))) continue
    const m = askedPattern(k).exec(lower)
    // A role word alone ("sister walnuts") is a word to look for, not someone: only "my sister", "the
    // neighbour", "Dan's brother".
    if (
      !m ||
      !/(?:\b(?:my|our|the|his|her|their)|['’]s)\s+\S*\s*$/.test(
        lower.slice(0, m.index + m[0].length - m[2]!.length),
      )
    )
      continue
    const of = m[1] && !['my', 'our'].includes(m[1]) ? m[1] : null
    const start = m.index + m[0].indexOf(m[2]!)
    found.push({ group, of, start, end: start + m[2]!.length })
  }
  // "Mother-in-law" is not also "mother": a role within a longer one's words is not asked.
  return found
    .filter(
      (r) =>
        !found.some(
          (o) => o !== r && o.start <= r.start && o.end >= r.end && o.end - o.start > r.end - r.start,
        ),
    )
    .map(({ group, of }) => ({ group, of }))
}

export interface Relation {
  name: string
  /** Whose role it is ("Dan's bro Tom": dan), null for the note's writer. */
  of: string | null
}

/** Words that are capitalised in notes without being anyone's name. */
const NOT_A_NAME =
  /^(?:i|the|a|an|and|my|our|his|her|their|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|today|tomorrow|tonight|yesterday|next|last|from|to|at|on|in|is|was|new|old|dr|mr|mrs|ms|miss)$/i

/**
 * The people a note names in this role: "my son Tomás", "Inês (my cunhada)", "Pauline (Dan's mum)",
 * "MIL / Pauline", "BIL: Tom", "Helen is my manager", "Dan's bro Tom", "I report to Helen", "line manager
 * Dr Femi Adeyemi". Names lower-cased, as the search takes words.
 */
export function relationsIn(text: string, group: readonly string[]): Relation[] {
  const found: Relation[] = []
  for (const { re, name, of } of relationPatterns(group)) {
    re.lastIndex = 0
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const who = m[name]?.replace(/['’]s$/, '')
      if (!who || NOT_A_NAME.test(who)) continue
      const whose = of !== undefined && m[of] ? m[of].toLowerCase() : null
      if (whose && ['my', 'our'].includes(whose)) continue
      const relation = { name: who.toLowerCase(), of: whose }
      if (!found.some((r) => r.name === relation.name && r.of === relation.of)) found.push(relation)
    }
  }
  return found
}

type RelationPattern = { re: RegExp; name: number; of?: number }
/** Each role group's patterns, made once (a question reads up to sixty notes with them). */
const RELATION_PATTERNS = new WeakMap<readonly string[], RelationPattern[]>()

function relationPatterns(group: readonly string[]): RelationPattern[] {
  const known = RELATION_PATTERNS.get(group)
  if (known) return known
  const role = `(?:${anyCase(alternation(group))})`
  const own = anyCase('(?:my|our)')
  const patterns: RelationPattern[] = [
    // my son Tomás; my new manager, Helen; our neighbour – Brenda
    {
      re: new RegExp(
        String.raw`${BOUND_BEFORE}${own}\s+${QUALIFIER}${role}\s*[,:=–-]?\s*${TITLE}${NAME}`,
        'gu',
      ),
      name: 1,
    },
    // Inês (my cunhada); Pauline (Dan's mum); Sanjay (sparky)
    {
      re: new RegExp(
        String.raw`${NAME}\s*\(\s*(?:${own}\s+${QUALIFIER}|(\p{L}+)['’]s\s+)?${role}${BOUND_AFTER}`,
        'gu',
      ),
      name: 1,
      of: 2,
    },
    // Helen is my manager; Tom, my brother-in-law; Rosie = my sister
    {
      re: new RegExp(
        String.raw`${NAME}\s*(?:,|is|was|=|–|-)\s*${own}\s+${QUALIFIER}${role}${BOUND_AFTER}`,
        'gu',
      ),
      name: 1,
    },
    // MIL / Pauline; BIL: Tom; sparky = Sanjay
    { re: new RegExp(String.raw`${BOUND_BEFORE}${role}\s*(?:\/|=|:|–|-)\s*${TITLE}${NAME}`, 'gu'), name: 1 },
    // Line manager Dr Femi Adeyemi; BIL Tom's birthday (a note or a clause opening with the role)
    { re: new RegExp(String.raw`(?:^|[.;:(!?]\s*)${role}\s+${TITLE}${NAME}`, 'gu'), name: 1 },
    // Dan's bro Tom
    {
      re: new RegExp(String.raw`${BOUND_BEFORE}(\p{L}+)['’]s\s+${role}\s+${TITLE}${NAME}`, 'gu'),
      name: 2,
      of: 1,
    },
  ]
  if (group.includes('manager'))
    patterns.push({
      re: new RegExp(String.raw`${BOUND_BEFORE}${anyCase('report')}(?:s|ing)?\s+to\s+${TITLE}${NAME}`, 'gu'),
      name: 1,
    })
  RELATION_PATTERNS.set(group, patterns)
  return patterns
}

const groupOf = (word: string) => ROLE_GROUPS.find((g) => g[0] === word)!
const PARTNER = groupOf('husband')
/** Family by marriage as the partner's family: "my mother-in-law" is also "Dan's mum" when Dan is the partner. */
const BY_MARRIAGE = new Map<readonly string[], readonly string[]>([
  [groupOf('mother-in-law'), groupOf('mother')],
  [groupOf('father-in-law'), groupOf('father')],
  [groupOf('brother-in-law'), groupOf('brother')],
  [groupOf('sister-in-law'), groupOf('sister')],
])

/** The names the notes give someone's `group` role (whose: `of`), newest note first, at most `max`. */
function namesIn(
  group: readonly string[],
  of: string | null,
  notes: ReadonlyArray<{ text: string }>,
  max: number,
) {
  const found: string[] = []
  for (const note of notes) {
    for (const r of relationsIn(note.text, group))
      if (r.of === of && !found.includes(r.name)) found.push(r.name)
    if (found.length >= max) break
  }
  return found.slice(0, max)
}

/**
 * Whose family the notes name ("Pauline (Dan's mum)", "Dan's bro Tom"), for family by marriage asked
 * by the asker ("my mother-in-law"): the people whose parents or siblings the notes name. The asker's
 * partner is among them; which one, `partnerOf` tells (recall.service.ts).
 */
export function inLawCandidates(asked: RoleAsked[], notes: ReadonlyArray<{ text: string }>): string[] {
  const whose = new Set<string>()
  for (const role of asked) {
    const base = role.of === null ? BY_MARRIAGE.get(role.group) : undefined
    if (!base) continue
    for (const note of notes) for (const r of relationsIn(note.text, base)) if (r.of) whose.add(r.of)
  }
  return [...whose]
}

/**
 * The names a question's roles stand for, read from the notes holding the roles' words (newest
 * first): at most `max` per role, the newest note's first. Family by marriage the notes do not name
 * as such is the partner's family ("my brother-in-law": "Dan's bro Tom"): the partner is the one the
 * notes call so ("my husband Dan"), else `likelyPartner` (the one of `inLawCandidates` the person's
 * notes name most).
 */
export function namesForRoles(
  asked: RoleAsked[],
  notes: ReadonlyArray<{ text: string }>,
  max = 2,
  likelyPartner: string | null = null,
): string[] {
  const names: string[] = []
  for (const role of asked) {
    let found = namesIn(role.group, role.of, notes, max)
    const base = role.of === null ? BY_MARRIAGE.get(role.group) : undefined
    if (found.length === 0 && base) {
      const partner = namesIn(PARTNER, null, notes, 1)[0] ?? likelyPartner
      if (partner) found = namesIn(base, partner, notes, max)
    }
    for (const n of found) if (!names.includes(n)) names.push(n)
  }
  return names
}

/** The words to find the notes that may tell a role's names by: each way of writing it, as words. */
export function roleSearchWords(asked: RoleAsked[]): string[] {
  const words = new Set<string>()
  const groups = asked.flatMap((role) => {
    const base = role.of === null ? BY_MARRIAGE.get(role.group) : undefined
    // The partner's short ways ("oh", "other half") are too common as words to find notes by.
    return base
      ? [role.group, base, PARTNER.filter((way) => way.length > 2 && !way.includes(' '))]
      : [role.group]
  })
  for (const group of groups)
    for (const way of group) for (const w of way.split(/[\s-]+/)) if (w.length > 1) words.add(w)
  // "Report" finds "I report to Helen" for the manager.
  if (asked.some((r) => r.group.includes('manager'))) words.add('report')
  return [...words]
}
