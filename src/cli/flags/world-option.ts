import { textFlag } from './flag-values.ts'

/** `--world`, as every command that reads a world file takes it: a path, never empty. */
export function worldOption(describe: string) {
  return { type: 'string', requiresArg: true, coerce: textFlag('world', 'the path of a world file (.json or .ts)'), describe } as const
}
