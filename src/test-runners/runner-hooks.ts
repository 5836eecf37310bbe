/** A test runner's four lifecycle hooks, as each runner's binding hands them to `bindGateway`. */
export interface RunnerHooks {
  beforeAll(fn: () => Promise<void> | void): void
  beforeEach(fn: () => Promise<void> | void): void
  /** `fn` is told which test just ran, as far as the runner says. */
  afterEach(fn: (test: TestIdentity) => Promise<void> | void): void
  afterAll(fn: () => Promise<void> | void): void
}

/** Which test ran: its name with those of its `describe`s, and its file. */
export interface TestIdentity {
  name?: string | undefined
  file?: string | undefined
}
