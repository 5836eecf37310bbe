/** The error a promise rejects with; fails the test if it resolves instead. */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail, but it succeeded')
}

/** Reads an OpenAI chat stream to its end or its error: the content pieces received, and the error if any. */
export async function readChatStream(
  stream: AsyncIterable<{ choices: { delta: { content?: string | null } }[] }>,
): Promise<{ pieces: string[]; error: unknown }> {
  const pieces: string[] = []
  try {
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta.content
      if (piece) pieces.push(piece)
    }
  } catch (error) {
    return { pieces, error }
  }
  return { pieces, error: undefined }
}
