/**
 * Words that say nothing about what a memory is about: question words, pronouns, auxiliaries,
 * the assistant's own verbs and time words (dates are matched by date filters, not by text).
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any anything are as at be because been before
  being below between both but by can could did do does doing done down during each either else ever
  every few for from further get gets got had has have having he her here hers herself him himself his
  how i if in into is it its itself just know let like me mine more most much must my myself need no nor
  not now of off on once only or other our ours ourselves out over own please remember remind same she
  should show so some something still such tell than thank thanks that the their theirs them themselves
  then there these they thing things this those through to too under until up upon very want was we
  were what whats when where which while who whom whose why will with would yes yet you your yours
  yourself yourselves find search look list note notes memory memories saved save today tonight
  tomorrow yesterday day days week weeks month months year years time ago last next did didnt dont
  doesnt isnt wasnt arent werent cant wont im ive id youre lets okay ok hey hi hello write wrote
  written added many forgot forget recall wonder wondering know recent recently lately latest newest
  summary summarize summarise recap overview happen happens happened happening weekend weekends
  everything nothing stuff coming upcoming soon mention mentions mentioned mentioning anyone anybody
  someone somebody everyone everybody people`.split(/\s+/),
)

/** A word as the search takes it: lower case, without a possessive "'s" or trailing marks ("Ana's" → "ana"). */
const wordOf = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’-]+$/, '')

/**
 * The words of a message worth searching for on their own: letters and digits, possessives dropped
 * ("Ana's" → "ana"), stop words and one- or two-letter words left out; numbers of two digits or more are
 * kept ("12"), a single digit is not (searched as typed, "2" would find every "2027").
 */
export function significantWords(text: string, max = 8): string[] {
  const words: string[] = []
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
    const word = wordOf(raw)
    const bare = word.replace(/['’]/g, '')
    if (STOP_WORDS.has(bare)) continue
    if (bare.length < 3 && !/^\d\d$/.test(bare)) continue
    if (!words.includes(word)) words.push(word)
    if (words.length === max) break
  }
  return words
}

/**
 * Irregular verbs whose forms a stemmer does not join ("bought" is not "buy"): a question in one tense
 * ("when did I buy shoes?") finds a memory written in another ("Bought new running shoes").
 */
const VERB_FORMS = `buy bought|pay paid|meet met|eat ate eaten|see saw seen|bring brought|think thought|
  sell sold|send sent|spend spent|lend lent|build built|leave left|lose lost|feel felt|keep kept|sleep slept|
  give gave given|take took taken|make made|ride rode ridden|drive drove driven|fly flew flown|run ran|
  drink drank drunk|swim swam swum|begin began begun|come came|win won|break broke broken|hold held|
  speak spoke spoken|choose chose chosen|wear wore worn|throw threw thrown|grow grew grown|stand stood|
  hear heard|say said|hang hung|fall fell fallen|steal stole stolen|wake woke woken|catch caught|
  teach taught|fight fought|feed fed|sing sang sung|hide hid hidden|shake shook shaken`
  .split('|')
  .map((group) => group.trim().split(/\s+/))
const FORMS_OF = new Map(VERB_FORMS.flatMap((forms) => forms.map((form) => [form, forms] as const)))

/**
 * Words a memory may use for what a question asks ("what's on my shopping list?" finds "Buy milk",
 * "where's my car?" finds "I parked on level 3"), and the short forms terse notes write ("bday", "bro",
 * "appt"): one way only, from the question's word.
 */
const RELATED = new Map(
  `shopping: buy groceries | groceries: buy grocery shopping | grocery: buy groceries shopping
  number: phone mobile | phone: number mobile | mobile: phone number
  address: lives street road moved postcode | live: address | lives: address
  password: pin passcode code | pin: password passcode code | code: password pin passcode
  birthday: born bday | birthdays: born bday birthday | old: born birthday | age: born birthday
  anniversary: married wedding | brother: bro | sister: sis | appointment: appt | appointments: appt
  photo: pic | photos: pics | information: info | hours: hrs | minutes: mins
  gift: present likes loves wants wishlist | gifts: present likes loves wants wishlist
  doctor: dr | car: parked | allergic: allergy | allergies: allergic | allergy: allergic
  flight: fly flew flown | fly: flight | flew: flight | flying: flight | trip: travel vacation | vacation: holiday trip | holiday: vacation
  meds: medication medicine pills | medication: meds medicine pills | medicine: meds medication pills
  kids: son daughter children | children: son daughter kids`
    .split(/\s*[|\n]\s*/)
    .map((entry) => {
      const [word = '', related = ''] = entry.split(':')
      return [word.trim(), related.trim().split(/\s+/)] as const
    }),
)

/**
 * The words with the other forms of the irregular verbs among them ("buy" → "buy", "bought") and the
 * words a memory may use for them instead ("shopping" → "buy", "groceries").
 */
export function withOtherWords(words: readonly string[]): string[] {
  const all = new Set<string>()
  for (const word of words) for (const form of FORMS_OF.get(word) ?? [word]) all.add(form)
  // After the question's own words and forms: a search keeps the first 16.
  for (const word of words) for (const related of RELATED.get(word) ?? []) all.add(related)
  return [...all]
}

/**
 * Whom or what a text is about, among `words`: the words it writes with a capital letter where a
 * sentence does not start, names ("gift ideas for Marta?" → "marta"), and those it writes as someone's
 * ("what's the plumber's number?" → "plumber"). "I" and a sentence's first word are not names.
 */
export function namesIn(text: string, words: readonly string[]): string[] {
  const names = new Set<string>()
  const found = [
    ...text.matchAll(/(?<=[\p{L}\p{N},;:'"’)]\s+)\p{Lu}[\p{L}\p{N}'’-]*/gu),
    ...text.matchAll(/[\p{L}\p{N}]+['’]s\b/gu),
  ]
  for (const match of found) {
    const word = wordOf(match[0])
    if (words.includes(word)) names.add(word)
  }
  return [...names]
}
