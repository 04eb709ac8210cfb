import { useEffect, useRef, useState } from 'react'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/api-client'
import { fetchSpeech, useVoiceCapabilities } from '../../lib/voice'

/** What is read of a Markdown answer: its words, without the marks, links' addresses or code fences. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const browserVoice = () => (typeof window !== 'undefined' ? window.speechSynthesis : undefined)

/**
 * "Read aloud" for one answer: the server's speech model when it has one, else the browser's own speech
 * synthesis in the page's language (no audio leaves the device). Pressed again, it stops.
 */
export function ReadAloudButton({ text, autoStart = false }: { text: string; autoStart?: boolean }) {
  const { t } = useTranslation()
  const capabilities = useVoiceCapabilities()
  const [speaking, setSpeaking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const audio = useRef<HTMLAudioElement | null>(null)
  const serverSpeech = capabilities.data?.speech === true

  useEffect(
    () => () => {
      audio.current?.pause()
    },
    [],
  )

  const stop = () => {
    audio.current?.pause()
    audio.current = null
    browserVoice()?.cancel()
    setSpeaking(false)
  }

  const read = async () => {
    setError(null)
    const words = speakableText(text)
    if (!words) return
    setSpeaking(true)
    if (serverSpeech) {
      try {
        const url = URL.createObjectURL(await fetchSpeech(words.slice(0, 4096)))
        const player = new Audio(url)
        audio.current = player
        player.onended = () => {
          URL.revokeObjectURL(url)
          setSpeaking(false)
        }
        await player.play()
      } catch (e) {
        setError(errorMessage(e))
        setSpeaking(false)
      }
      return
    }
    const synthesis = browserVoice()!
    synthesis.cancel()
    const utterance = new SpeechSynthesisUtterance(words)
    utterance.lang = speechLanguage()
    utterance.onend = () => setSpeaking(false)
    utterance.onerror = () => setSpeaking(false)
    synthesis.speak(utterance)
  }

  // Hands-free: an answer to a dictated message starts reading itself (lib/hands-free.ts), once the
  // capabilities say which voice to use.
  const started = useRef(false)
  useEffect(() => {
    if (!autoStart || started.current || capabilities.isPending) return
    started.current = true
    void read()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when it may first start
  }, [autoStart, capabilities.isPending])

  if (!serverSpeech && !browserVoice()) return null
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        aria-pressed={speaking}
        onClick={() => (speaking ? stop() : void read())}
      >
        {speaking ? t('common.readAloud.stop') : t('common.readAloud.read')}
      </Button>
      {error ? (
        <span className="small text-danger align-self-center" role="alert">
          {error}
        </span>
      ) : null}
    </>
  )
}

/**
 * The screens' language (<html lang>, the person's setting), in the browser's own region when that is the
 * same language: "en" on the page and "en-GB" in the browser read with a British voice.
 */
function speechLanguage(): string {
  const page = document.documentElement.lang
  const browser = navigator.language
  if (!page) return browser
  return browser.split('-')[0] === page.split('-')[0] ? browser : page
}
