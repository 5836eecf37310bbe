import type { Route } from '../../pipeline/route.ts'
import { advanceClockRoute, getClockRoute } from './clock-routes.ts'
import { clearJournalRoute, getJournalRoute } from './journal-routes.ts'
import { assertReplayRoute, replayReportRoute } from './replay-report-routes.ts'
import { resetRoute } from './reset-route.ts'
import { assertScenarioRoute, pendingScenarioRoute } from './scenario-report-routes.ts'
import { getScenarioRoute, useScenarioRoute } from './scenario-routes.ts'
import { getWorldRoute } from './world-route.ts'

/** `/__mock/*`: the mock's own controls, the same as the in-process `Gateway` API. */
export const adminRoutes: readonly Route<any>[] = [
  getJournalRoute,
  clearJournalRoute,
  getScenarioRoute,
  useScenarioRoute,
  pendingScenarioRoute,
  assertScenarioRoute,
  replayReportRoute,
  assertReplayRoute,
  getClockRoute,
  advanceClockRoute,
  getWorldRoute,
  resetRoute,
]
