import { http } from './catalogue-walk.ts'

/** A multipart upload to an audio route: the model, then a file part holding `content` (text standing in for its bytes). */
export const upload = (path: string, content: string) =>
  http(
    'POST',
    path,
    { authorization: 'Bearer sk-unrestricted', 'content-type': 'multipart/form-data; boundary=x' },
    `--x\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n${content}\r\n--x--\r\n`,
  )

/** A WAV file with no sound in it (8 kHz 8-bit mono: every byte of its header is ASCII, so it travels as text). */
export const emptyWav = 'RIFF$\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0\x40\x1f\0\0\x40\x1f\0\0\x01\0\x08\0data\0\0\0\0'

/** `POST /v1/images/generations` naming `model`. */
export const imageRequest = (model: string) =>
  http(
    'POST',
    '/v1/images/generations',
    { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
    JSON.stringify({ model, prompt: 'a cat' }),
  )

// What both profiles say in these refusals, written out.
export const kindMismatch =
  "The model 'tts-1' is a speech model, and POST /v1/images/generations takes an image model. GET /v1/models lists this key's models with their supported_endpoint_types."
export const imageGone =
  'Image img-nothing.png is gone: the gateway keeps the images it generates for 60 minutes on its clock, the last 100 of them, until it is reset.'
