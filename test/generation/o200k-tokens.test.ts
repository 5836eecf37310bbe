import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { o200kTokensModule } from '../../scripts/o200k-tokens-module.ts'

// The tokenizer reads o200k_base from our generated module, not from gpt-tokenizer: after an
// upgrade of gpt-tokenizer, `npm run tokenizer:write` brings it up to date.
it('the committed o200k tokens module is what gpt-tokenizer’s ranks make', () => {
  const committed = readFileSync(new URL('../../src/generation/o200k-tokens.ts', import.meta.url), 'utf8')
  expect(committed === o200kTokensModule(), 'src/generation/o200k-tokens.ts is stale: run npm run tokenizer:write').toBe(true)
})
