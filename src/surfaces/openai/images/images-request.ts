import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'

// The largest side the gateway paints: above every size an image API offers, and a bound on memory.
const largestSide = 4096

/** `POST /v1/images/generations`: the fields the gateway reads. */
export const imagesRequestSchema = lazySchema(() =>
  z.looseObject({
    model: z.string().min(1).nullable().optional(),
    prompt: z.string().min(1, { error: 'must not be empty' }),
    n: z.int().min(1).max(10, { error: 'at most 10 images per request' }).nullable().optional(),
    size: z
      .string()
      .regex(/^(auto|\d{1,4}x\d{1,4})$/, { error: 'expected WIDTHxHEIGHT, such as "1024x1024", or "auto"' })
      .refine((size) => size === 'auto' || size.split('x').every((side) => Number(side) >= 1 && Number(side) <= largestSide), {
        error: `each side must be 1 to ${largestSide} pixels`,
      })
      .nullable()
      .optional(),
    quality: z.enum(['standard', 'hd', 'low', 'medium', 'high', 'auto']).nullable().optional(),
    response_format: z.enum(['url', 'b64_json']).nullable().optional(),
    output_format: z.literal('png', { error: 'the gateway makes PNG images: output_format must be "png"' }).nullable().optional(),
    // Refused rather than answered whole: the SDK would read a whole answer as an empty stream.
    stream: z
      .literal(false, { error: 'the gateway sends images whole (partial_image events are not served): leave stream out or false' })
      .nullable()
      .optional(),
  }),
)

export type ImagesRequest = z.output<typeof imagesRequestSchema>

/** The width and height asked for: 1024 × 1024 unless the request says. */
export function imageSize(request: ImagesRequest): { width: number; height: number } {
  if (!request.size || request.size === 'auto') return { width: 1024, height: 1024 }
  const [width, height] = request.size.split('x').map(Number)
  return { width: width!, height: height! }
}
