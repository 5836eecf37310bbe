/** The bin's notice of a slow start (bin/startup-notice.js): what the start is doing, and when it is ready. */
export interface StartupNotice {
  doing(what: string): void
  done(): void
}

const none: StartupNotice = { doing() {}, done() {} }

/** The notice the bin started, or one that does nothing where the CLI runs without the bin (`npm start`, tests). */
export function startupNotice(): StartupNotice {
  return (globalThis as Record<symbol, StartupNotice | undefined>)[Symbol.for('llm-gateway-mock.startup-notice')] ?? none
}
