/**
 * Hands-free chat (issue 48): with "Read answers aloud after dictation" on, a message whose words were
 * dictated has its answer read aloud once it is complete. The composer says when words were dictated and
 * when the message went; the first answer stored after that reads itself, once.
 */
import { useChatPreferences } from './chat-preferences'

/** An answer stored this long before the send still counts (the server's clock may run behind). */
const CLOCK_SLACK_MS = 60_000

let dictated = false
let armedAt: number | null = null
/** The answer that took the last armed send, and when: asked again at once (a re-render), still true. */
let claimed: { createdAt: string; at: number } | null = null

export const handsFree = {
  /** Dictated words went into the composer. */
  dictated(): void {
    dictated = true
  },
  /** The composer was emptied by hand: what is sent next was typed. */
  cleared(): void {
    dictated = false
  },
  /** The message went: its answer is read when it was dictated and the setting is on. */
  sent(readAloud: boolean): void {
    armedAt = dictated && readAloud ? Date.now() : null
    dictated = false
  },
  /**
   * True for the first answer stored after an armed send (asked again within a second, as a render may,
   * the same answer still is); false for any other, and for that one later on.
   */
  take(answerCreatedAt: string): boolean {
    if (claimed?.createdAt === answerCreatedAt && Date.now() - claimed.at < 1000) return true
    if (armedAt === null || Date.parse(answerCreatedAt) < armedAt - CLOCK_SLACK_MS) return false
    armedAt = null
    claimed = { createdAt: answerCreatedAt, at: Date.now() }
    return true
  },
  /** Forgets everything (tests, sign-out). */
  reset(): void {
    dictated = false
    armedAt = null
    claimed = null
  },
}

/** The person's "Read answers aloud after dictation" (off until loaded). */
export function useReadAloudAfterDictation(): boolean {
  return useChatPreferences().data?.readAloudAfterDictation === true
}
