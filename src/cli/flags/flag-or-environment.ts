/** A flag's value, else the environment variable's (trimmed; empty counts as unset): how secrets stay off command lines. */
export function flagOrEnvironment(flag: string | undefined, variable: string): string | undefined {
  return flag ?? (process.env[variable]?.trim() || undefined)
}
