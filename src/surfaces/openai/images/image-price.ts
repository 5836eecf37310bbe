import type { ImagesRequest } from './images-request.ts'

/**
 * What one image costs relative to the per-call price: the rule new-api bills DALL·E images by,
 * scaling the price by the size and quality asked for, applied here to every per-call image
 * model. 256² is 0.4, 512² 0.45, 1024² 1, 1792 × 1024 either way 2; `hd` doubles it (1.5 × at 1792).
 */
export function sizeQualityRatio(request: ImagesRequest): number {
  const size = request.size ?? '1024x1024'
  const wide = size === '1792x1024' || size === '1024x1792'
  const sizeRatio = size === '256x256' ? 0.4 : size === '512x512' ? 0.45 : wide ? 2 : 1
  const qualityRatio = request.quality === 'hd' ? (wide ? 1.5 : 2) : 1
  return sizeRatio * qualityRatio
}

// Output tokens of one 1024 × 1024 image at each quality, as gpt-image-1 reports them; other sizes scale by area.
const tokensAt1024 = { low: 272, medium: 1056, high: 4160 }

/** The output tokens one image counts for a token-priced image model (its `usage.output_tokens`). */
export function imageTokens(request: ImagesRequest, width: number, height: number): number {
  const quality = request.quality === 'low' ? 'low' : request.quality === 'high' || request.quality === 'hd' ? 'high' : 'medium'
  return Math.round((tokensAt1024[quality] * width * height) / (1024 * 1024))
}
