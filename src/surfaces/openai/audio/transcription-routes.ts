import { tokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { chargeRequest } from '../../../generation/charge-request.ts'
import { loremText } from '../../../generation/lorem-text.ts'
import { readAudio } from '../../../media/read-audio.ts'
import { json, raw } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { modelOrDefault } from '../default-model.ts'
import { audioDurationTokens } from './audio-duration-tokens.ts'
import { renderTranscript } from './transcript.ts'
import { transcriptionRequestSchema, wantsWords } from './transcription-request.ts'

/** The shortest audio OpenAI transcribes, in seconds. */
const leastSeconds = 0.1

/**
 * `POST /v1/audio/transcriptions` and `/translations`: a multipart upload of WAV or MP3 audio,
 * whose duration the gateway reads. The transcript is the text the gateway's own speech put in
 * the file, a scenario's `reply.text`, or filler of about 2.5 words a second; timed over the
 * audio in `srt`, `vtt` and `verbose_json`. Billed by the audio: 1000 tokens a minute.
 */
function transcriptionRoute(task: 'transcribe' | 'translate') {
  const path = task === 'transcribe' ? '/v1/audio/transcriptions' : '/v1/audio/translations'
  return defineRoute({
    id: task === 'transcribe' ? 'openai.audio_transcriptions' : 'openai.audio_translations',
    method: 'POST',
    path,
    surface: 'openai',
    auth: tokenAuth('openai'),
    body: { schema: transcriptionRequestSchema, multipart: true },
    model: { read: ({ body, profile }) => modelOrDefault(body.model, 'transcription', profile.shapes), admission: 'generation' },
    banner: task === 'transcribe' ? 'OpenAI speech to text (multipart WAV or MP3)' : 'OpenAI speech to English text (multipart)',
    handle(context) {
      const { body } = context
      assertKind(context, ['transcription'])
      const audio = readAudio(body.file.bytes)
      if ('problem' in audio) throw gatewayError('audio_unreadable', { detail: audio.problem }, { param: 'file' })
      if (audio.seconds < leastSeconds)
        throw gatewayError('audio_too_short', { seconds: audio.seconds, least: leastSeconds }, { param: 'file' })
      chargeRequest(context, { promptTokens: audioDurationTokens(audio.seconds), completionTokens: 0 })
      const seed = stableHash(`${body.file.bytes.length}\n${String.fromCharCode(...body.file.bytes.subarray(0, 512))}`)
      const text = context.admission.action.reply?.text ?? audio.text ?? loremText(Math.max(1, Math.round(audio.seconds * 2.5)), seed)
      context.note.reply = { text }
      const transcript = {
        task,
        language: task === 'translate' ? 'english' : (body.language ?? 'english'),
        seconds: audio.seconds,
        text,
        words: wantsWords(body),
      }
      const rendered = renderTranscript(transcript, body.response_format ?? 'json')
      return 'json' in rendered ? json(rendered.json) : raw(rendered.text, 'text/plain; charset=utf-8')
    },
  })
}

export const transcriptionRoutes = [transcriptionRoute('transcribe'), transcriptionRoute('translate')]
