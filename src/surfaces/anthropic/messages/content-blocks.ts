import { z } from 'zod'

/** A block whose type the gateway does not read (image, document, thinking, server tool blocks, …). */
export interface IgnoredBlock {
  type: 'ignored'
}

type BlockReaders = Record<string, z.ZodType<{ type: string }>>

/**
 * A content block: the types in `readers` are validated by their schema, every other type is
 * accepted as an {@link IgnoredBlock}, because Anthropic adds block types often and a client
 * sending one must not be refused. (A union with a catch-all option would report `Invalid
 * input` for a broken `tool_use` block instead of naming the missing field.)
 */
export function contentBlock<Readers extends BlockReaders>(readers: Readers) {
  return z.looseObject({ type: z.string() }).transform((block, ctx): z.output<Readers[keyof Readers]> | IgnoredBlock => {
    const reader = Object.hasOwn(readers, block.type) ? readers[block.type] : undefined
    if (!reader) return { type: 'ignored' }
    const result = reader.safeParse(block)
    if (result.success) return result.data as z.output<Readers[keyof Readers]>
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined })
    return z.NEVER
  })
}

/**
 * Anthropic's `string | Block[]` content. Written by hand rather than as a union so that a bad
 * block is reported at its own path (`messages[1].content[0].id: Field required`).
 */
export function textOrBlocks<Block extends z.ZodType>(block: Block) {
  const blocks = z.array(block)
  return z.unknown().transform((value, ctx): string | z.output<Block>[] => {
    if (typeof value === 'string') return value
    if (!Array.isArray(value) && value !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a string or an array of content blocks' })
      return z.NEVER
    }
    const result = blocks.safeParse(value)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined })
    return z.NEVER
  })
}
