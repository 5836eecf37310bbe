import type { Route } from '../../pipeline/route.ts'
import { advanceClockRoute, getClockRoute } from './clock-routes.ts'
import { eventsRoute } from './inspector/events-route.ts'
import { inspectorFileRoute, inspectorPageRoute } from './inspector/page-routes.ts'
import { inspectorStateRoute } from './inspector/state-route.ts'
import { journalDetailRoute } from './journal-detail-route.ts'
import { clearJournalRoute, getJournalRoute } from './journal-routes.ts'
import { assertReplayRoute, replayReportRoute } from './replay-report-routes.ts'
import { resetRoute } from './reset-route.ts'
import { assertScenarioRoute, pendingScenarioRoute } from './scenario-report-routes.ts'
import { getScenarioRoute, useScenarioRoute } from './scenario-routes.ts'
import { getWorldRoute } from './world-route.ts'

/** `/__mock/*`: the mock's own controls, the same as the in-process `Gateway` API, and the inspector's page and feed. */
export const adminRoutes: readonly Route[] = [
  inspectorPageRoute,
  inspectorFileRoute,
  eventsRoute,
  inspectorStateRoute,
  getJournalRoute,
  journalDetailRoute,
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
