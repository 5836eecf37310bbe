import type { CommandModule } from 'yargs'
import { describeKeys } from '../../world/describe-keys.ts'
import { knownPasswords } from '../../world/known-passwords.ts'
import { formatKeys } from '../format/format-keys.ts'
import { loadGateway } from '../serve/load-gateway.ts'
import { worldOption } from '../flags/world-option.ts'

interface KeysArgs {
  world?: string
  json: boolean
}

/** `llm-gateway-mock keys`: the world's API keys, their states and models, the access tokens, and each user's sign-in. */
export const keysCommand: CommandModule<object, KeysArgs> = {
  command: 'keys',
  describe: "List the world's API keys (state, group, models each sees), users' access tokens and sign-ins",
  builder: (yargs) =>
    yargs
      .option('world', worldOption('World file (.json or .ts) to read instead of the default world'))
      .option('json', { type: 'boolean', default: false, describe: 'Print JSON for scripts' })
      .strict(),
  async handler(args) {
    const gateway = await loadGateway(args.world)
    const described = describeKeys(gateway.world, gateway.clock.now(), await knownPasswords(gateway.world))
    console.log(args.json ? JSON.stringify(described, null, 2) : formatKeys(described.keys, described.accessTokens, described.signIns))
  },
}
