// npm run tokenizer:write: (re)writes src/generation/o200k-tokens.ts from the installed gpt-tokenizer.
import { writeFileSync } from 'node:fs'
import { o200kTokensModule } from './o200k-tokens-module.ts'

writeFileSync(new URL('../src/generation/o200k-tokens.ts', import.meta.url), o200kTokensModule())
