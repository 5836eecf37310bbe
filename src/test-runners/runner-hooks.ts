/** A test runner's four lifecycle hooks, as each runner's binding hands them to `bindGateway`. */
export interface RunnerHooks {
  beforeAll(fn: () => Promise<void> | void): void
  beforeEach(fn: () => Promise<void> | void): void
  afterEach(fn: () => Promise<void> | void): void
  afterAll(fn: () => Promise<void> | void): void
}
