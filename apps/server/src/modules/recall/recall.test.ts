import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUsersRepo } from '../auth/index.ts'
import { createRecallRepo, stemmedWords } from './recall.repo.ts'
import { createRecallService } from './recall.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** Sets when a memory was saved (the service stamps the present). */
async function savedAt(id: string, at: Date) {
  await t.db.execute(sql`update memories set created_at = ${at.toISOString()}::timestamptz where id = ${id}`)
}

/**
 * A user with these memories ([text, date] or text), and what recall finds for a question, as texts.
 * The memories were saved an hour apart, as a person's notes are (notes saved within a minute of each
 * other are one exchange: recall's conversational neighbours), unless `apart` says otherwise (ms).
 */
async function userWith(notes: (string | [string, string])[], apart = 3_600_000) {
  const user = await t.createUser()
  const start = Date.UTC(2026, 0, 1)
  for (const [i, note] of notes.entries()) {
    const [text, date] = typeof note === 'string' ? [note, '2026-01-10'] : note
    const memory = await t.services.memories.create(user.id, { text, tags: [], date })
    await savedAt(memory.id, new Date(start + i * apart))
  }
  return {
    user,
    ask: async (query: string, options: { limit?: number; now?: Date } = {}) =>
      (await t.services.recall.find(user.id, { query, limit: options.limit ?? 8, now: options.now })).map(
        (m) => m.text,
      ),
  }
}

describe('recall ranks memories by their words', () => {
  it('weighs a rare word above common ones', async () => {
    const { ask } = await userWith([
      ...Array.from({ length: 12 }, (_, i) => `Went to the support meeting number ${i} at work`),
      'The LGBTQ centre opens late on Fridays',
    ])
    const found = await ask('When did I go to the LGBTQ support meeting?')
    expect(found[0]).toBe('The LGBTQ centre opens late on Fridays')
  })

  it('puts a short exact note above long ones that share its common words', async () => {
    const filler =
      'and we talked for hours about support, the group, friends, family, work, plans for the summer, the garden, and what everyone has been reading lately'
    const { ask } = await userWith([
      `Group support dinner with the neighbours ${filler}`,
      `Support for the group project at work ${filler}`,
      `The group went hiking; support from everyone ${filler}`,
      'I went to a support group yesterday',
      ...Array.from({ length: 6 }, (_, i) => `Unrelated note ${i} about groceries`),
    ])
    expect((await ask('when did I go to the support group?'))[0]).toBe('I went to a support group yesterday')
  })

  it('lets a longer note holding the rarer word beat a short one holding a commoner word (BM25 b 0.4)', async () => {
    // A note is about one thing however long: with the usual b 0.75 the short notes naming "sister"
    // came first; the rarer word's note should.
    const allergy =
      'Rosie is allergic to tree nuts, walnuts included, so no pesto or baklava at her place; she carries an EpiPen'
    const { ask } = await userWith([
      allergy,
      'Zoe is my sister, she lives in Leeds',
      'Rosie is my sister, lives in Cardiff',
      ...Array.from({ length: 27 }, (_, i) => `Note ${i} about my day at the office`),
    ])
    expect((await ask('sister walnuts'))[0]).toBe(allergy)
  })

  it('looks for "like" when the question asks what someone likes, though a stop word', async () => {
    const { ask } = await userWith([
      "Mum's birthday is 14 March. She likes freesias and anything lavender",
      'Dad walking without a stick now, did 3 miles with Mum',
      'Dad home from hospital, Mum says he is a terrible patient',
      "Mum's new mobile number: 07700 900873",
      'Mum and Dad went to Devon for a week',
      'Mrs Patel watered the plants. Bought her flowers and fudge',
    ])
    const found = await ask('what flowers does mum like')
    expect(found.slice(0, 2)).toContain(
      "Mum's birthday is 14 March. She likes freesias and anything lavender",
    )
  })

  it('a period the question names narrows to its days', async () => {
    const { ask } = await userWith([
      ['Hiked in Scotland with Ana', '2026-03-14'],
      ['Hiked in Scotland, the Highlands', '2025-06-02'],
      ['Scotland trip planning', '2024-09-01'],
    ])
    const now = new Date('2026-04-20T12:00:00Z')
    expect((await ask('what did I do in Scotland last month?', { now }))[0]).toBe(
      'Hiked in Scotland with Ana',
    )
    expect((await ask('Scotland in June 2025', { now }))[0]).toBe('Hiked in Scotland, the Highlands')
    expect((await ask('what about Scotland last year?', { now }))[0]).toBe('Hiked in Scotland, the Highlands')
  })

  it("follows a short period's matches with its other memories, before other days' matches", async () => {
    const { ask } = await userWith([
      ['Scotland: the sleeper train north', '2026-03-13'],
      ["Edinburgh: Arthur's Seat at sunrise", '2026-03-14'],
      ['Skye: Fairy Pools, freezing', '2026-03-16'],
      ['Hiked in Scotland once, years ago', '2024-05-01'],
      ['Scotland football on the telly', '2025-10-02'],
    ])
    const found = await ask('what did I do in Scotland last month?', {
      now: new Date('2026-04-20T12:00:00Z'),
    })
    expect(found[0]).toBe('Scotland: the sleeper train north')
    // The month's days come next, though they do not say "Scotland"; other days' matches after them.
    expect(new Set(found.slice(1, 3))).toEqual(
      new Set(["Edinburgh: Arthur's Seat at sunrise", 'Skye: Fairy Pools, freezing']),
    )
    expect(found.slice(3)).toEqual(
      expect.arrayContaining(['Hiked in Scotland once, years ago', 'Scotland football on the telly']),
    )
  })

  it('puts the newest of memories that disagree first for a question about now', async () => {
    const { ask } = await userWith([
      ['Tiago works at Spotify now', '2026-02-01'],
      // Older, and the better match of the words alone (each twice).
      ["Tiago works at Google. Tiago's work: search", '2024-05-01'],
      ['Wifi password sunflower42 (wifi password)', '2025-01-01'],
      ['New wifi password: bluebird77', '2026-03-01'],
    ])
    expect((await ask('Where does Tiago work now?'))[0]).toBe('Tiago works at Spotify now')
    expect((await ask("what's the wifi password?"))[0]).toBe('New wifi password: bluebird77')
  })

  it('puts a later note that changes a fact before it when asked for now, and marks the older one', async () => {
    // The later note does not repeat the question's words: it is tied to the first by the teacher's name.
    const { user } = await userWith([
      ['Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson', '2025-01-10'],
      ['Mrs Okonjo going up to £18 from May', '2026-03-01'],
      ['Mrs Okonjo ill, Tuesday off', '2025-06-03'],
      ['Lucas swimming badge, 25 metres', '2025-09-01'],
      ...Array.from({ length: 30 }, (_, i): [string, string] => [
        `Note ${i} about my day at the office`,
        '2025-05-01',
      ]),
    ])
    const found = await t.services.recall.find(user.id, {
      query: 'how much are the piano lessons now',
      limit: 8,
    })
    const texts = found.map((m) => m.text)
    expect(texts[0]).toBe('Mrs Okonjo going up to £18 from May')
    expect(texts[1]).toBe('Piano lessons for Lucas with Mrs Okonjo, Tuesdays, £15 a lesson')
    expect(found[1]!.changedLater).toBe(true)
    expect(found[0]!.changedLater).toBeUndefined()
    // The prompt tells the model so: assistant/prompt.test.ts.
    // Not asked for now: nothing is marked.
    const past = await t.services.recall.find(user.id, { query: 'how much were the piano lessons', limit: 8 })
    expect(past.some((m) => m.changedLater)).toBe(false)
  })

  it('reads who has a role from the notes and looks for them by name ("my sister-in-law")', async () => {
    const notes = (privately: boolean) => [
      { text: 'Inês (my cunhada) back from Porto on Friday', private: privately },
      { text: 'Inês mobile 07700 900111', private: false },
      ...Array.from({ length: 12 }, (_, i) => ({
        text: `Plumber ${i} mobile 07700 9002${i}`,
        private: false,
      })),
    ]
    async function ask(privately: boolean) {
      const user = await t.createUser()
      for (const note of notes(privately))
        await t.services.memories.create(user.id, { ...note, tags: [], date: '2026-01-10' })
      return (await t.services.recall.find(user.id, { query: "my sister-in-law's mobile", limit: 3 })).map(
        (m) => m.text,
      )
    }
    expect((await ask(false))[0]).toBe('Inês mobile 07700 900111')
    // Learned from a private note only: not used (a private memory never reaches a model, nor what it tells).
    expect(await ask(true)).not.toContain('Inês mobile 07700 900111')
  })

  it("reads family by marriage as the partner's family when no note names it so", async () => {
    const { ask } = await userWith([
      ["Dan's bro Tom bought a house in Sheffield", '2025-01-10'],
      ['Tom is into bouldering + Japanese whisky', '2025-03-10'],
      ["Sadia (Leo's mum) 07700 900233", '2025-04-10'],
      ["Pauline (Dan's mum) likes freesias, not lilies", '2025-05-10'],
      ...Array.from({ length: 6 }, (_, i): [string, string] => [
        `Dan picking up the kids ${i}`,
        '2025-06-10',
      ]),
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`Birthday party number ${i}`, '2025-07-10']),
    ])
    // Dan's mum and brother, not Leo's: the notes name Dan most, so Dan is the partner.
    expect((await ask('what could i get my brother-in-law for his birthday', { limit: 3 }))[0]).toBe(
      'Tom is into bouldering + Japanese whisky',
    )
    expect((await ask('what flowers does my mother-in-law like', { limit: 1 }))[0]).toBe(
      "Pauline (Dan's mum) likes freesias, not lilies",
    )
  })

  it('reads a slip of the keys as the word the notes use, and an ordinal as its number', async () => {
    const { ask } = await userWith([
      'Allotment invoice: £62 this yr',
      'Maisie 16 🎂 brunch at Bills',
      ...Array.from({ length: 12 }, (_, i) => `Garden centre trip ${i}, bought compost`),
    ])
    expect((await ask('how much is the allotmnet rent', { limit: 1 }))[0]).toBe(
      'Allotment invoice: £62 this yr',
    )
    expect((await ask("what did we do for maisie's 16th", { limit: 1 }))[0]).toBe(
      'Maisie 16 🎂 brunch at Bills',
    )
  })

  it("finds other words for the same thing: a compound's part, the doer, stronger likes, a move", async () => {
    const { ask } = await userWith([
      'Bathroom tiles: Topps Tiles, grey 30x60, grout Mid Grey',
      'Bath panel cracked, ask Gaz',
      'Cleaner: Wendy, Fridays 9–12, £15/h, 07700 900300',
      'Cleaning the oven: bicarb paste overnight, then vinegar',
      'Rosa LOVES dinosaurs + anything with trains',
      'Rosa reading book lost again, £5 replacement',
      'Moved in! 14 Elm Rd, LS6 2AB, keys from the agent',
      ...Array.from({ length: 14 }, (_, i) => `Rosa's swimming lesson ${i}, pool at 5`),
    ])
    // "Bathroom" is also looked for as "bath" (lightly); "cleaning" as who does it; "like" as "loves".
    expect(await ask('what did we use in the bathroom', { limit: 2 })).toContain(
      'Bath panel cracked, ask Gaz',
    )
    expect(await ask('who does our cleaning', { limit: 2 })).toContain(
      'Cleaner: Wendy, Fridays 9–12, £15/h, 07700 900300',
    )
    expect(await ask('what toys does rosa like', { limit: 2 })).toContain(
      'Rosa LOVES dinosaurs + anything with trains',
    )
    expect((await ask("what's our address now", { limit: 1 }))[0]).toBe(
      'Moved in! 14 Elm Rd, LS6 2AB, keys from the agent',
    )
  })

  it('reads a role from another note and from the newest one ("I report to…")', async () => {
    const { ask } = await userWith([
      ['I report to Marcus from now on', '2025-01-10'],
      ['From May I report to Helen', '2026-05-01'],
      ['Helen wants the budget by Friday', '2026-06-01'],
      ['Marcus wants the slides by Monday', '2025-02-01'],
      ...Array.from({ length: 20 }, (_, i): [string, string] => [`Team lunch number ${i}`, '2025-05-01']),
    ])
    expect((await ask('what does my manager want'))[0]).toBe('Helen wants the budget by Friday')
  })

  it('reads the notes naming a role the same whether its words are rare or common, never a private one', async () => {
    const { user } = await userWith([
      'My sister Ana starts at the bakery',
      'Bought a sister plant for the fern',
      'Dentist on Tuesday',
      ...Array.from({ length: 5 }, (_, i) => `Groceries list ${i}`),
    ])
    await t.services.memories.create(user.id, {
      text: 'My sister Bea told me a secret',
      tags: [],
      date: '2026-01-10',
      private: true,
    })
    const repo = createRecallRepo(t.db)
    // Rare words: the search index finds them all; common ones (dense 0): the newest rows, read in order.
    const rare = await repo.textsHolding(user.id, ['sister', 'sis'], 60)
    const common = await repo.textsHolding(user.id, ['sister', 'sis'], 60, 0)
    expect(rare).toEqual(['Bought a sister plant for the fern', 'My sister Ana starts at the bakery'])
    expect(common).toEqual(rare)
    expect(await repo.textsHolding(user.id, ['sister'], 1, 0)).toEqual(['Bought a sister plant for the fern'])
  })

  it("answers a question naming a holiday and a year with that time's notes, and never with nothing", async () => {
    const { ask } = await userWith([
      ['Beach day in Tenby with the kids', '2024-08-01'],
      ['Beach day in Tenby, rock pools', '2025-04-19'],
      ['Cosy day at home, board games by the fire', '2025-12-26'],
      ...Array.from({ length: 20 }, (_, i): [string, string] => [`Work note ${i}`, '2025-06-01']),
    ])
    const now = new Date('2026-03-01T12:00:00Z')
    // Easter 2025 was 20 April: the days around it.
    expect((await ask('beach day at Easter 2025', { now }))[0]).toBe('Beach day in Tenby, rock pools')
    // No note holds the question's words: the period's own notes.
    expect(await ask('what did we get up to last christmas', { now })).toEqual([
      'Cosy day at home, board games by the fire',
    ])
  })

  it('follows a name the first results give to a second pass (multi-hop)', async () => {
    const { ask } = await userWith([
      'Marta is my sister',
      'Marta is allergic to shellfish',
      'Bought prawns for the party',
      ...Array.from({ length: 30 }, (_, i) => `Note ${i} about my day at the office`),
    ])
    const found = await ask('can my sister eat prawns?')
    expect(found).toContain('Marta is my sister')
    expect(found).toContain('Marta is allergic to shellfish')
    expect(found.indexOf('Marta is allergic to shellfish')).toBeLessThan(4)
  })

  it('never fills the slots with near-duplicates, and gives several notes for a plural question', async () => {
    const { ask } = await userWith([
      ...Array.from({ length: 10 }, () => 'Bia is allergic to peanuts'),
      'Bia is allergic to peanuts!',
      'Bia is allergic to cats',
      'Bia has an allergy to penicillin',
      'Bia likes the beach',
    ])
    const found = await ask('what is Bia allergic to?')
    expect(found.filter((t) => t.startsWith('Bia is allergic to peanuts'))).toHaveLength(1)
    expect(found).toEqual(
      expect.arrayContaining(['Bia is allergic to cats', 'Bia has an allergy to penicillin']),
    )
  })

  it("gives the memory saved just before or after a best match a share of its score (one exchange's turns)", async () => {
    const notes = (apart: number) =>
      userWith(
        [
          'Tom and Ana got married in Lisbon last spring',
          'My husband cooked dinner tonight',
          ...Array.from({ length: 10 }, (_, i) => `Note ${i} about the garden and the weather`),
          'Caroline: How long have you and your husband been married?',
          'Melanie: 5 years already! Time flies',
        ],
        apart,
      )
    // Seconds apart, as a conversation's turns are saved: the answer comes with the question it answers.
    const turns = await notes(5_000)
    const found = await turns.ask('how long have I been married to my husband?')
    expect(found[0]).toBe('Caroline: How long have you and your husband been married?')
    expect(found.slice(0, 3)).toContain('Melanie: 5 years already! Time flies')
    // An hour apart, they are two notes: the one holding none of the words is not brought along.
    const separate = await notes(3_600_000)
    expect(await separate.ask('how long have I been married to my husband?')).not.toContain(
      'Melanie: 5 years already! Time flies',
    )
  })

  it('ranks a word hundreds of notes hold among the newest, the same answer each time, with its neighbours', async () => {
    // More memories hold "meeting" than a rare word's candidates reach: the newest are ranked under the
    // time limit (PostgreSQL: its own transaction, a named statement). Saved a minute apart in pairs, as an
    // import or a conversation's turns are; each pair's second half holds no "meeting".
    const user = await t.createUser()
    await t.db.execute(sql`
      insert into memories (user_id, text, tags, sort_date, created_at, updated_at)
      select ${user.id}::uuid,
        case when g % 2 = 0 then 'Weekly meeting number ' || g else 'Minutes of number ' || (g - 1) || ' filed' end,
        '{}', date '2026-01-10', c, c
      from generate_series(1, 1200) as g,
        lateral (select timestamptz '2026-01-10 08:00Z' + ((g / 2) * interval '1 minute')
          + (g % 2) * interval '5 seconds' as c) as s`)
    const ask = async () =>
      (await t.services.recall.find(user.id, { query: 'the weekly meeting', limit: 8 })).map((m) => m.text)
    const first = await ask()
    expect(first).toHaveLength(8)
    // The newest meetings, and minutes saved 5 s after one of them (a conversational neighbour).
    const meetings = first.filter((text) => text.startsWith('Weekly meeting'))
    expect(meetings.length).toBeGreaterThanOrEqual(4)
    for (const text of meetings) expect(Number(text.split(' ').at(-1))).toBeGreaterThan(1150)
    expect(first.some((text) => /^Minutes of number 11[5-9]\d filed$/.test(text))).toBe(true)
    for (let i = 0; i < 3; i++) expect(await ask()).toEqual(first)
  })

  it('looks for words near the question\'s in meaning, lightly ("pets" finds "dog")', async () => {
    const { ask } = await userWith([
      'Ana has been busy at work all week',
      'Ana called about the weekend',
      'Ana walked her dog Rex in the park',
      'Ana and I had lunch on Friday',
      'The park was full of pigeons',
    ])
    const found = await ask('what pets does Ana have?')
    expect(found[0]).toBe('Ana walked her dog Rex in the park')
    // Lightly: a memory holding the question's own word still comes first.
    const withWord = await userWith([
      'Ana walked her dog Rex in the park',
      'Ana has no pets, her flat does not allow them',
    ])
    expect((await withWord.ask('does Ana have pets?'))[0]).toBe(
      'Ana has no pets, her flat does not allow them',
    )
  })

  it('looks lightly for the words the best matches share (pseudo-relevance feedback)', async () => {
    // The answer's other note holds none of the question's words but "Tom"; what it shares with the
    // best match ("cello", "quartet", "strings") brings it before the shorter, newer notes naming Tom.
    const rehearsal = 'Tom: quartet rehearsal ran late tonight, and his cello needs new strings before Sunday'
    const { ask } = await userWith([
      rehearsal,
      'Tom plays the cello in a string quartet',
      ...[
        'Tom called about the car insurance',
        'Tom is back from Leeds on Monday',
        'Tom owes me twenty pounds',
        "Tom's new flat is near the station",
        'Tom recommended a plumber',
        'Tom and Ana came for dinner',
        'Tom lost his keys again',
        'Tom started a new job at the bank',
        'Tom has a cold',
        'Tom booked the tickets',
      ],
      ...Array.from({ length: 12 }, (_, i) => `Note ${i} about the garden and the weather`),
    ])
    const found = await ask('what does Tom play?')
    expect(found[0]).toBe('Tom plays the cello in a string quartet')
    expect(found.slice(0, 3)).toContain(rehearsal)
  })

  it('answers bad input without failing: empty, 10 000 characters, only stop words, only punctuation', async () => {
    const { ask } = await userWith(['Dentist on Friday at 10', 'Marta likes orchids'])
    expect(await ask('')).toHaveLength(2)
    const long = await ask('dentist '.repeat(1250))
    expect(long[0]).toBe('Dentist on Friday at 10')
    expect(await ask('x'.repeat(10_000))).toEqual([])
    expect(await ask('what is the when did you do')).toEqual(expect.any(Array))
    expect(await ask('?!?... ,,, ;;; ---')).toEqual(expect.any(Array))
  })

  it('fuses semantic search by reciprocal rank, and answers from the words when it is slow', async () => {
    const { user } = await userWith(['Dentist on Friday at 10', 'My tooth doctor is Dr Silva'])
    const [silva] = await t.services.memories.best(user.id, { searchTerm: 'Silva' }, 1)
    const recall = (nearest: () => Promise<string[] | null>) =>
      createRecallService({
        db: t.db,
        memories: t.services.memories,
        users: createUsersRepo(t.db),
        semantic: { nearest },
        semanticWaitMs: 100,
      })
    const fused = await recall(async () => [silva!.id]).find(user.id, { query: 'dentist appointment' })
    expect(fused.map((m) => m.text)).toEqual(['Dentist on Friday at 10', 'My tooth doctor is Dr Silva'])
    const started = performance.now()
    const slow = await recall(() => new Promise((r) => setTimeout(() => r([silva!.id]), 5000))).find(
      user.id,
      {
        query: 'dentist appointment',
      },
    )
    expect(slow.map((m) => m.text)).toEqual(['Dentist on Friday at 10'])
    expect(performance.now() - started).toBeLessThan(3000)
  })
})

describe("a memory's stemmed words, read from its tsvector's text (the feedback's input)", () => {
  it('are the words of text and tags the database unnests, with their counts, whatever the text holds', async () => {
    const user = await t.createUser()
    const texts = [
      "Tom's cello: strings, strings and more STRINGS! It's 'quoted' \\ back\\slash",
      'Ünïcode café naïve résumé — 3 × 4 = 12; e-mail me@example.com at 09:30',
      'the the the (only stop words and punctuation) ...',
    ]
    for (const [i, text] of texts.entries())
      await t.services.memories.create(user.id, {
        text,
        tags: i === 0 ? ['Music', "Tom's band"] : [],
        date: null,
      })
    const result = (await t.db.execute(sql`
      select m.search::text as text,
        (select coalesce(json_agg(json_build_array(l.lexeme, (select count(*) from unnest(l.weights) x where x <> 'D'))), '[]')
          from unnest(m.search) l where l.weights && '{A,B}'::text[]) as expected
      from memories m where m.user_id = ${user.id}`)) as unknown as {
      rows: { text: string; expected: [string, number][] | string }[]
    }
    expect(result.rows).toHaveLength(3)
    for (const row of result.rows) {
      const expected = typeof row.expected === 'string' ? JSON.parse(row.expected) : row.expected
      const read = stemmedWords(row.text, { cello: 7 })
      expect(read.map(([lexeme, occurrences]) => [lexeme, occurrences])).toEqual(
        expected.map(([lexeme, n]: [string, number]) => [lexeme, Number(n)]),
      )
      for (const [lexeme, , holding] of read) expect(holding).toBe(lexeme === 'cello' ? 7 : null)
    }
  })
})

describe("the user's word statistics (memory_terms)", () => {
  /** memory_terms' non-zero rows, and the same counted afresh from the memories. */
  async function both(userId: string) {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: { term: string; n: number }[] }).rows
        .map((r) => `${r.term}:${Number(r.n)}`)
        .sort()
    const kept = await rows(
      sql`select term, memories as n from memory_terms where user_id = ${userId} and memories > 0`,
    )
    const counted = await rows(sql`select l.lexeme as term, count(*) as n from memories m, unnest(m.search) l
      where m.user_id = ${userId} and l.weights && '{A,B}'::text[] group by l.lexeme`)
    return { kept, counted }
  }

  it('stay equal to a fresh count through creates, edits, deletes and imports, in the same transaction', async () => {
    const user = await t.createUser()
    const a = await t.services.memories.create(user.id, {
      text: 'Marta likes orchids',
      tags: ['Family'],
      date: null,
    })
    await t.services.memories.create(user.id, { text: 'Orchids need little water', tags: [], date: null })
    await t.services.memories.update(user.id, a.id, { text: 'Marta likes tulips now', tags: ['family'] })
    await t.services.memories.importAll(user.id, {
      memories: [
        { text: 'Tulips in the garden', tags: ['garden'] },
        { id: a.id, text: 'Marta likes roses', tags: [] },
      ],
    } as never)
    const mid = await both(user.id)
    expect(mid.kept).toEqual(mid.counted)
    expect(mid.kept).toContain('tulip:1')
    await t.services.memories.remove(user.id, a.id)
    const end = await both(user.id)
    expect(end.kept).toEqual(end.counted)
    expect(end.kept).not.toContain('marta:1')
  })
})
