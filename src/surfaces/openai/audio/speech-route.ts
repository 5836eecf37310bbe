import { tokenAuth } from '../../../auth/token-auth.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { chargeRequest } from '../../../generation/charge-request.ts'
import { encodeSpeechMp3 } from '../../../media/mp3-audio.ts'
import { planSpeech, speechSampleRate, speechSamples } from '../../../media/speech-samples.ts'
import { encodeWav } from '../../../media/wav-audio.ts'
import { raw } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { modelOrDefault } from '../default-model.ts'
import { audioDurationTokens } from './audio-duration-tokens.ts'
import { speechRequestSchema, type SpeechFormat } from './speech-request.ts'

const contentTypes: Record<SpeechFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', pcm: 'audio/pcm' }

/**
 * `POST /v1/audio/speech`: real audio in `mp3` (the default), `wav` or `pcm` (24 kHz, 16-bit,
 * mono), lasting as long as the text takes to read at 150 words a minute × `speed` (ten minutes at
 * most: src/media/speech-samples.ts). WAV and MP3
 * carry the text, so the gateway's transcription of its own speech gives it back. Billed as
 * new-api bills speech: the input's characters, and the audio (1000 tokens a minute) at the completion ratio.
 */
export const speechRoute = defineRoute({
  id: 'openai.audio_speech',
  method: 'POST',
  path: '/v1/audio/speech',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: speechRequestSchema },
  model: { read: ({ body, profile }) => modelOrDefault(body.model, 'speech', profile.shapes), admission: 'generation' },
  banner: 'OpenAI text to speech (mp3, wav, pcm)',
  async handle(context) {
    const { body } = context
    assertKind(context, ['speech'])
    const speed = body.speed ?? 1
    const format = body.response_format ?? 'mp3'
    // A scenario's reply.text is said instead of the input (which is still what is billed).
    const said = context.admission.action.reply?.text ?? body.input
    context.note.reply = { text: said }
    const speech = planSpeech(said, speed)
    chargeRequest(context, { promptTokens: [...body.input].length, completionTokens: audioDurationTokens(speech.seconds) })
    if (format === 'mp3') return raw(await encodeSpeechMp3(speech, said), contentTypes.mp3)
    const samples = speechSamples(speech)
    if (format === 'pcm') return raw(new Uint8Array(samples.buffer), contentTypes.pcm)
    return raw(encodeWav(samples, speechSampleRate, said), contentTypes.wav)
  },
})
