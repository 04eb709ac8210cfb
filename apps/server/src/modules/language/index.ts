/**
 * Reading and writing English: the days, dates and questions a message names, its significant words,
 * slips of the keys, and days written the way the app writes them. Pure functions over text and
 * calendar days: this module imports no other module, and the assistant, recall, the dashboard and
 * the benches read text through it.
 */

/** Days written out ("May 12", "today", "May 12–18", "09:30"), and a text's start on one line. */
export {
  describeRange,
  excerpt,
  formatDay,
  formatTime,
  mentionsDay,
  relativeDay,
  savedSpan,
} from './format.ts'

/** The words days and amounts are read by: months, weekdays, days known by name, money. */
export { easterIn, MONEY_WORDS, MONTH_NAME, monthNumber, WEEKDAYS, weekdayOf } from './lexicon.ts'

/** The day a text names ("on 14 March", "next Friday"), holidays, and parts of a day. */
export {
  dayNamedBy,
  findDate,
  firstOfMonth,
  mentionsHoliday,
  monthDayIn,
  yearly,
  type DayPart,
  type DayRange,
} from './dates.ts'

/** The days a question asks about ("this weekend", "on Friday"), and the days memories were saved. */
export {
  availabilityTime,
  daysAskedAbout,
  daysSavedOn,
  isDayWord,
  memoryDaysAsked,
  type RequestedDays,
} from './days.ts'

/** How a message is put: a question or a statement, its tense, what it asks of the memories. */
export {
  asksForRecent,
  asksWhen,
  asToldAfterRemember,
  changeRequest,
  correction,
  GIVING_WORDS,
  isAboutMemories,
  isAboutSaving,
  isCountQuestion,
  isGiftQuestion,
  isPastTense,
  isQuestion,
  isSavingWord,
  isStatement,
  looksBack,
  POLITE,
  timeOrder,
  withoutFiller,
  withoutRecent,
} from './text.ts'

/** The kinds of question asked of days, clocks and the conversation itself. */
export {
  calendarFact,
  clockPlace,
  dayQuestion,
  daysBetweenQuestion,
  daysUntilQuestion,
  holidayQuestion,
  isAcknowledgement,
  isBareDayQuestion,
  isBriefingRequest,
  isClockQuestion,
  isFarewell,
  isGreeting,
  isHelpRequest,
  isIdentityQuestion,
  isNameQuestion,
  isOverviewQuestion,
  isPraise,
  isSmallTalk,
  isThanks,
  yearlyDaysQuestion,
  zoneOfPlace,
  type CalendarFact,
  type DaysQuestion,
  type YearlyDaysQuestion,
} from './questions.ts'

/** Questions about the calendar, the weather and the week. */
export { freeDayQuestion, isCalendarTopic, isFreeTimeQuestion, whichEvent } from './calendar.ts'
export {
  isSunQuestion,
  isWeatherTopic,
  isWeekDecision,
  weatherDecision,
  weatherPlace,
  type WeatherDecision,
} from './weather.ts'
export { weekDays, weekSummaryAsked, type WeekAsked } from './week.ts'

/** A follow-up ("and tomorrow?") read against the question before it. */
export { askedAgainFor, mentionsThatDay, namesSomeDay, subjectOf, withThatDay } from './follow-ups.ts'

/** What a "remember …" or "remind me …" asks to keep, and when. */
export { EVERY, memoryRequest, tagsAskedFor, type MemoryRequest } from './memory-request.ts'

/** The words a search takes from a text, the other words a memory may use for them, and names. */
export { namesIn, significantWords, withOtherWords } from './words.ts'

/** Slips of the keys, measured the same way by the offline search's "did you mean" and by recall. */
export { correctedWords, editDistance } from './spelling.ts'
