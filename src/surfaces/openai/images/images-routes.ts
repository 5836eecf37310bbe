import { noAuth } from '../../../auth/auth-requirement.ts'
import { tokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { assertKind } from '../../../generation/assert-kind.ts'
import { chargeRequest } from '../../../generation/charge-request.ts'
import { loadTokenizer } from '../../../generation/tokenizer.ts'
import { bytesToBase64 } from '../../../bytes/base64.ts'
import { paintPng, type Rgb } from '../../../media/png-image.ts'
import { json, raw } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { stableHash } from '../../../random/stable-hash.ts'
import { modelOrDefault } from '../default-model.ts'
import { imageTokens, sizeQualityRatio } from './image-price.ts'
import { imageLifetimeMinutes, imageStoreLimit, imageStoreSlot } from './image-store.ts'
import { imageSize, imagesRequestSchema } from './images-request.ts'

const filesPath = '/v1/images/files'

/**
 * `POST /v1/images/generations`: `n` real PNGs of the size asked for, painted from the prompt, as
 * `b64_json` or as a `url` the gateway serves itself for an hour. A per-call price is charged per
 * image, by size and quality; a token price by the prompt and each image's tokens (then `usage` is sent).
 */
export const imagesGenerationsRoute = defineRoute({
  id: 'openai.images_generations',
  method: 'POST',
  path: '/v1/images/generations',
  surface: 'openai',
  auth: tokenAuth('openai'),
  body: { schema: imagesRequestSchema },
  model: { read: ({ body, profile }) => modelOrDefault(body.model, 'image', profile.shapes), admission: 'generation' },
  banner: 'OpenAI image generation (real PNGs, b64_json or url)',
  async handle(context) {
    const { body, runtime } = context
    const model = assertKind(context, ['image'])
    const count = body.n ?? 1
    const { width, height } = imageSize(body)
    const perImageTokens = imageTokens(body, width, height)
    const promptTokens = (await loadTokenizer()).count(body.prompt)
    const tokenPriced = model.pricing !== null && 'ratio' in model.pricing
    const usage = chargeRequest(
      context,
      tokenPriced ? { promptTokens, completionTokens: perImageTokens * count } : { promptTokens: 0, completionTokens: 0 },
      count * sizeQualityRatio(body),
    )
    const revised = context.admission.action.reply?.text ?? body.prompt
    context.note.reply = { text: revised }
    const store = runtime.state.get(imageStoreSlot)
    const data = []
    for (let index = 0; index < count; index++) {
      const seed = stableHash(`${model.id}\n${body.prompt}\n${width}x${height}\n${body.quality ?? ''}\n${index}`)
      const png = await paintPng(width, height, colour(seed, 0), colour(seed, 6), colour(seed, 12))
      if (body.response_format === 'b64_json') {
        data.push({ b64_json: bytesToBase64(png), revised_prompt: revised })
      } else {
        const file = `img-${seed}.png`
        store.put(file, png, runtime.clock.now())
        data.push({ url: `${context.gatewayBase}${filesPath}/${file}`, revised_prompt: revised })
      }
    }
    return json({
      created: Math.floor(runtime.clock.now() / 1000),
      data,
      ...(tokenPriced && {
        usage: {
          total_tokens: usage.promptTokens + usage.completionTokens,
          input_tokens: usage.promptTokens,
          output_tokens: usage.completionTokens,
          input_tokens_details: { text_tokens: usage.promptTokens, image_tokens: 0 },
        },
      }),
    })
  },
})

/** `GET /v1/images/files/{file}`: an image generated with `response_format: "url"`, as its URL points; no key, as a signed URL needs none. */
export const imageFileRoute = defineRoute({
  id: 'openai.image_file',
  method: 'GET',
  path: `${filesPath}/:file`,
  surface: 'openai',
  auth: noAuth,
  banner: 'a generated image, for an hour after (the url of a response)',
  handle({ params, runtime }) {
    const file = params.file ?? ''
    const png = runtime.state.get(imageStoreSlot).get(file, runtime.clock.now())
    if (!png) throw gatewayError('image_file_missing', { file, minutes: imageLifetimeMinutes, limit: imageStoreLimit })
    return raw(png, 'image/png')
  },
})

function colour(seed: string, at: number): Rgb {
  return [0, 2, 4].map((offset) => Number.parseInt(seed.slice(at + offset, at + offset + 2), 16)) as unknown as Rgb
}
