import { stateSlot } from '../../../pipeline/gateway-state.ts'

/** How long a generated image's URL works, on the gateway clock: an hour, as OpenAI's do. */
export const imageLifetimeMinutes = 60
/** How many generated images a gateway keeps: the most recent ones. */
export const imageStoreLimit = 100

/**
 * The images one gateway generated for `response_format: "url"`, served by
 * `GET /v1/images/files/{file}`: the last {@link imageStoreLimit}, each for an hour on the
 * gateway clock. `gateway.reset()` empties it.
 */
class ImageStore {
  readonly #images = new Map<string, { bytes: Uint8Array; expiresAt: number }>()

  put(file: string, bytes: Uint8Array, now: number): void {
    this.#images.delete(file)
    this.#images.set(file, { bytes, expiresAt: now + imageLifetimeMinutes * 60_000 })
    while (this.#images.size > imageStoreLimit) this.#images.delete(this.#images.keys().next().value!)
  }

  /** The image, while it has not expired at `now`. */
  get(file: string, now: number): Uint8Array | undefined {
    const image = this.#images.get(file)
    return image && now < image.expiresAt ? image.bytes : undefined
  }
}

/** Each gateway's image store. */
export const imageStoreSlot = stateSlot(() => new ImageStore())
