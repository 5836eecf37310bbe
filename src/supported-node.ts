/**
 * The oldest Node.js the package runs on, as package.json's `engines` says. Older ones do not fail
 * where they should: the CLI serves, and in-process requests break deep inside msw
 * (`Promise.withResolvers is not a function`), which SDKs report as a bare connection error.
 */
export const minimumNode = { major: 22, minor: 12, patch: 0 } as const

/**
 * Whether a Node.js version (`22.12.0`, `v24.1.0`, `23.0.0-nightly…`) is at least `minimumNode`. A
 * version that cannot be read passes: better a late failure than refusing a runtime by mistake.
 */
export function isSupportedNode(version: string): boolean {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (!match) return true
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (major !== minimumNode.major) return major > minimumNode.major
  if (minor !== minimumNode.minor) return minor > minimumNode.minor
  return patch >= minimumNode.patch
}

/** What to do about it, for whoever meets the refusal: the download page covers every system and version manager. */
const howToUpgrade = 'Install the current LTS from https://nodejs.org/en/download (with nvm: nvm install --lts) and run it again.'

type Versions = Readonly<Record<string, string | undefined>>

/**
 * The one line that refuses this runtime and says how to get one that works, or undefined when it
 * is new enough or not Node.js at all. Read from `globalThis` because the core also runs in a
 * browser, which has no `process`.
 */
export function unsupportedNodeMessage(
  versions: Versions | undefined = (globalThis as { process?: { versions?: Versions } }).process?.versions,
): string | undefined {
  const node = versions?.node
  // Bun and Deno report the Node.js version they are compatible with, not what they lack.
  if (node === undefined || versions?.bun !== undefined || versions?.deno !== undefined || isSupportedNode(node)) return undefined
  return `llm-gateway-mock needs Node.js ${minimumNode.major}.${minimumNode.minor} or newer; this is Node.js ${node}. ${howToUpgrade}`
}
