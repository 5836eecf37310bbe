/** An import cannot go on: the upstream cannot be reached, or it refused a key or the access token. */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UpstreamError'
  }
}
