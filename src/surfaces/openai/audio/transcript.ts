import type { TranscriptFormat } from './transcription-request.ts'

/** A transcript's text timed over the audio. */
export interface Transcript {
  task: 'transcribe' | 'translate'
  language: string
  seconds: number
  text: string
  /** Word timings as well as segments. */
  words: boolean
}

const wordsPerSegment = 12

function timed(transcript: Transcript) {
  const words = transcript.text.split(/\s+/).filter((word) => word !== '')
  const at = (index: number) => Math.round(((transcript.seconds * index) / Math.max(1, words.length)) * 100) / 100
  const segments = []
  for (let first = 0; first < words.length; first += wordsPerSegment) {
    const last = Math.min(words.length, first + wordsPerSegment)
    segments.push({
      start: at(first),
      end: last === words.length ? round(transcript.seconds) : at(last),
      text: words.slice(first, last).join(' '),
    })
  }
  if (segments.length === 0) segments.push({ start: 0, end: round(transcript.seconds), text: '' })
  return { segments, words: words.map((word, index) => ({ word, start: at(index), end: at(index + 1) })) }
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100
}

/** `00:01:02,500` (SRT) or `00:01:02.500` (WebVTT). */
function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000)
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`
}

/** The transcript as the format asks: a JSON body, or text (plain, SRT or WebVTT). */
export function renderTranscript(transcript: Transcript, format: TranscriptFormat): { json: unknown } | { text: string } {
  const { segments, words } = timed(transcript)
  const usage = { type: 'duration', seconds: Math.ceil(transcript.seconds) }
  switch (format) {
    case 'json':
      return { json: transcript.task === 'transcribe' ? { text: transcript.text, usage } : { text: transcript.text } }
    case 'text':
      return { text: `${transcript.text}\n` }
    case 'srt':
      return { text: segments.map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text}\n\n`).join('') }
    case 'vtt':
      return { text: `WEBVTT\n\n${segments.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text}\n\n`).join('')}` }
    case 'verbose_json':
      return {
        json: {
          task: transcript.task,
          language: transcript.language,
          duration: round(transcript.seconds),
          text: transcript.text,
          ...(transcript.words && { words }),
          segments: segments.map((s, id) => ({
            id,
            seek: 0,
            start: s.start,
            end: s.end,
            text: ` ${s.text}`,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1.2,
            no_speech_prob: 0.01,
          })),
          ...(transcript.task === 'transcribe' && { usage }),
        },
      }
  }
}
