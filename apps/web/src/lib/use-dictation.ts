import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from './api-client'
import { transcribe } from './voice'

export type DictationState = 'idle' | 'starting' | 'recording' | 'transcribing'

export const MICROPHONE_REFUSED =
  'The microphone is blocked. Allow it for this site in the browser (the icon in the address bar), then try again.'
export const NO_MICROPHONE = 'No microphone was found. Connect one, or type instead.'
export const NO_RECORDING = 'This browser cannot record audio. Type instead.'
export const NOTHING_HEARD = 'Nothing was heard. Try again, closer to the microphone.'

/** The microphone's level, 0 to 1, sampled from an analyser while recording (none where Web Audio is missing). */
function levelMeter(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const Context = window.AudioContext as typeof AudioContext | undefined
  if (!Context) return () => {}
  const context = new Context()
  const analyser = context.createAnalyser()
  analyser.fftSize = 256
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Uint8Array(analyser.fftSize)
  const timer = window.setInterval(() => {
    analyser.getByteTimeDomainData(samples)
    let peak = 0
    for (const s of samples) peak = Math.max(peak, Math.abs(s - 128) / 128)
    onLevel(Math.min(1, peak * 1.5))
  }, 100)
  return () => {
    window.clearInterval(timer)
    void context.close().catch(() => {})
  }
}

function startError(error: unknown): string {
  const name = (error as { name?: string })?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return MICROPHONE_REFUSED
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_MICROPHONE
  return NO_RECORDING
}

/**
 * Recording with MediaRecorder and writing it down on the server. `toggle` starts, or stops and sends;
 * `cancel` drops the recording (Esc). The recording lives in memory until it is sent, then is let go.
 */
export function useDictation(onText: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle')
  const [error, setError] = useState<string | null>(null)
  const [seconds, setSeconds] = useState(0)
  const [level, setLevel] = useState(0)
  const session = useRef<{ recorder: MediaRecorder; stop: () => void; cancelled: boolean } | null>(null)
  const latestOnText = useRef(onText)
  useEffect(() => {
    latestOnText.current = onText
  })

  const finish = useCallback(async (chunks: Blob[], type: string) => {
    const audio = new Blob(chunks, { type })
    if (audio.size === 0) {
      setError(NOTHING_HEARD)
      setState('idle')
      return
    }
    setState('transcribing')
    try {
      const { text } = await transcribe(audio)
      if (text.trim()) latestOnText.current(text)
      else setError(NOTHING_HEARD)
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setState('idle')
    }
  }, [])

  const start = useCallback(async () => {
    setError(null)
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setError(NO_RECORDING)
      return
    }
    setState('starting')
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (e) {
      setError(startError(e))
      setState('idle')
      return
    }
    const recorder = new MediaRecorder(stream)
    const chunks: Blob[] = []
    const started = Date.now()
    const ticker = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250)
    const stopMeter = levelMeter(stream, setLevel)
    const current = {
      recorder,
      cancelled: false,
      stop: () => {
        window.clearInterval(ticker)
        stopMeter()
        for (const track of stream.getTracks()) track.stop()
      },
    }
    session.current = current
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    })
    recorder.addEventListener('stop', () => {
      current.stop()
      session.current = null
      setLevel(0)
      if (current.cancelled) setState('idle')
      else void finish(chunks, recorder.mimeType || chunks[0]?.type || 'audio/webm')
    })
    setSeconds(0)
    recorder.start()
    setState('recording')
  }, [finish])

  const stop = useCallback(() => session.current?.recorder.stop(), [])
  const cancel = useCallback(() => {
    const current = session.current
    if (!current) return
    current.cancelled = true
    current.recorder.stop()
  }, [])
  const toggle = useCallback(() => {
    if (state === 'recording') stop()
    else if (state === 'idle') void start()
  }, [state, start, stop])

  // Leaving the page (or closing the dialog) while recording drops the recording.
  useEffect(
    () => () => {
      if (session.current) {
        session.current.cancelled = true
        session.current.recorder.stop()
      }
    },
    [],
  )

  return { state, error, seconds, level, toggle, cancel, clearError: () => setError(null) }
}
