// vitest's global set-up: a folder for the run, where the first test file that needs the packed
// tarball installs it (sharedPackedProject, packed-project.ts) and every other file of the run finds
// it. Nothing is packed here: a run without the package tests pays nothing. The folder is in memory
// where the machine allows (memory-folder.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { memoryBackedTmpdir } from './memory-folder.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the one install of the packed tarball. */
    packedProjectHome: string
  }
}

export default function setup(project: TestProject): () => void {
  const home = mkdtempSync(join(memoryBackedTmpdir(), 'llm-gateway-mock-packed-'))
  project.provide('packedProjectHome', home)
  return () => rmSync(home, { recursive: true, force: true })
}
