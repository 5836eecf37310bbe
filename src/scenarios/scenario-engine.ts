import { seededRandom, stableHash } from '../random/stable-hash.ts'
import { describeDifference, differences, meetsWhen, type MatchDifference, type ScenarioRequest } from './match-request.ts'
import type { RequestMatch, Rule, Scenario, ScenarioAction, Step, When } from './scenario-schema.ts'

/** What the active scenarios decided for one request, and which rule or step decided it. */
export interface ScenarioDecision {
  decidedBy: string
  action: ScenarioAction
}

/** A step left in the script, and how a request that matched no step differs from its `when`. */
export interface NearStep {
  /** The step's number in the script, from 1. */
  step: number
  name?: string
  /** The criteria the request did not meet (none for a later step it would have met, out of order). */
  differs: MatchDifference[]
}

/** A generation request that no step of the script expected. */
export interface UnmatchedRequest {
  requestId: string
  method: string
  path: string
  model: string
  /** The step that was expected instead, if any was left. */
  expected?: string
  /**
   * The steps nearest to the request: the expected one first, then up to two later steps that
   * differ from it least; absent when every step had been consumed.
   */
  nearest?: NearStep[]
}

/** The fields of `when` that read what a request says (its conversation, its headers), or a function of it. */
const contentFields = new Set<MatchDifference['field']>([
  'message',
  'system',
  'toolResult',
  'toolCallId',
  'tool',
  'turn',
  'header',
  'function',
])

/**
 * What a request said that a step's content fields did not expect, as words to add to a message
 * (`; differs in message: wanted /weather/i, got "Say hello"`); empty when none differ. The
 * request's route and model are in the message already.
 */
export function contentDifferences(differs: readonly MatchDifference[] = []): string {
  const content = differs.filter((difference) => contentFields.has(difference.field))
  return content.length > 0 ? `; differs in ${content.map(describeDifference).join('; ')}` : ''
}

/** How many later steps an unmatched request is compared with, besides the expected one. */
const laterNearSteps = 2

/** A `when` as a report shows it: its criteria, or for a function its name. */
export type ReportedWhen = RequestMatch | { function: string }

/** What is left of the script: steps not yet consumed and requests that matched none. */
export interface ScenarioReport {
  scenarios: string[]
  pendingSteps: { step: number; name?: string; when: ReportedWhen }[]
  unmatched: UnmatchedRequest[]
}

interface LiveRule {
  rule: Rule
  label: string
  matched: number
  fired: number
  random: () => number
}

/**
 * The active scenarios' rules and script, with their counters. Consulted once per generation
 * request: the next step of the script is consumed if the request matches it, then the first
 * rule that fires applies; a step's action wins over a rule's, field by field. A WebSocket
 * handshake is consulted too, but only a step that expects it is consumed by it, and one that
 * no step expects is neither unmatched nor refused by a strict script.
 */
export class ScenarioEngine {
  #scenarios: Scenario[] = []
  #rules: LiveRule[] = []
  #steps: { step: Step; label: string }[] = []
  #ignores: { when: When; label: string }[] = []
  #next = 0
  #unmatched: UnmatchedRequest[] = []
  #strict = false

  /** Replaces the active scenarios and zeroes every counter. */
  load(scenarios: readonly Scenario[]): void {
    this.#scenarios = [...scenarios]
    this.#rules = scenarios.flatMap((scenario) =>
      scenario.rules.map((rule, index) => ({
        rule,
        label: `scenario "${scenario.name}" rule ${rule.name ? `"${rule.name}"` : `#${index + 1}`}`,
        matched: 0,
        fired: 0,
        random: seededRandom(stableHash(`${scenario.seed}:${scenario.name}:${index}`)),
      })),
    )
    this.#steps = scenarios.flatMap((scenario) =>
      scenario.steps.map((step, index) => ({
        step,
        label: `scenario "${scenario.name}" step ${index + 1}${step.name ? ` "${step.name}"` : ''}`,
      })),
    )
    this.#ignores = scenarios.flatMap((scenario) =>
      scenario.ignore.map((when, index) => ({ when, label: `scenario "${scenario.name}" ignore #${index + 1}` })),
    )
    this.#next = 0
    this.#unmatched = []
    this.#strict = scenarios.some((scenario) => scenario.strict)
  }

  get names(): string[] {
    return this.#scenarios.map((scenario) => scenario.name)
  }

  /** Whether no active scenario has anything to decide: then `decide` decides nothing for any request. */
  get idle(): boolean {
    return this.#rules.length === 0 && this.#steps.length === 0 && this.#ignores.length === 0 && !this.#strict
  }

  /** Whether an active scenario is strict. */
  get strict(): boolean {
    return this.#strict
  }

  decide(request: ScenarioRequest): ScenarioDecision | undefined {
    // An ignored request (an agent's side call) is left to the gateway: no step, no rule, no strict refusal.
    for (const ignore of this.#ignores) if (meetsWhen(ignore.when, request)) return { decidedBy: `${ignore.label} (ignored)`, action: {} }

    let step: ScenarioDecision | undefined
    if (this.#steps.length > 0 || this.#strict) {
      const next = this.#steps[this.#next]
      if (next && meetsWhen(next.step.when, request)) {
        this.#next += 1
        step = { decidedBy: next.label, action: next.step.then }
      } else if (!request.upgrade) {
        const expected = next ? `${next.label} (${describeMatch(next.step.when)})` : undefined
        const nearest = expected ? this.#nearest(request) : []
        this.#unmatched.push({
          requestId: request.requestId,
          method: request.method,
          path: request.pathname,
          model: request.model,
          ...(expected ? { expected, nearest } : {}),
        })
        if (this.#strict) {
          // The request's own route and model are in the message already; what it said is not.
          const why = expected ? `expected ${expected}${contentDifferences(nearest[0]?.differs)}` : 'every step has been consumed'
          return {
            decidedBy: 'strict scenario',
            action: {
              fail: {
                code: 'scenario_mismatch',
                message: `Strict scenario: ${request.method} ${request.pathname} (model ${request.model}) matched no step; ${why}.`,
              },
            },
          }
        }
      }
    }

    let rule: ScenarioDecision | undefined
    for (const live of this.#rules) {
      if (!meetsWhen(live.rule.when, request)) continue
      live.matched += 1
      if (rule === undefined && fires(live)) {
        live.fired += 1
        rule = { decidedBy: live.label, action: live.rule.then }
      }
    }

    if (step && Object.keys(step.action).length > 0)
      return rule ? { decidedBy: step.decidedBy, action: { ...rule.action, ...step.action } } : step
    return rule ?? step
  }

  /** The expected step and the later ones that differ least from `request`, each with what differs. */
  #nearest(request: ScenarioRequest): NearStep[] {
    const near = this.#steps.slice(this.#next).map(({ step }, offset) => ({
      step: this.#next + offset + 1,
      ...(step.name ? { name: step.name } : {}),
      differs: differences(step.when, request),
    }))
    const [expected, ...later] = near
    if (!expected) return []
    // A stable sort: among steps as near, the earlier first.
    later.sort((a, b) => a.differs.length - b.differs.length)
    return [expected, ...later.slice(0, laterNearSteps)]
  }

  report(): ScenarioReport {
    return {
      scenarios: this.names,
      pendingSteps: this.#steps.slice(this.#next).map(({ step }, offset) => ({
        step: this.#next + offset + 1,
        ...(step.name ? { name: step.name } : {}),
        when: reportedWhen(step.when),
      })),
      unmatched: [...this.#unmatched],
    }
  }
}

/** A script is done when every step was consumed and no request went unmatched. */
export function isDone(report: ScenarioReport): boolean {
  return report.pendingSteps.length === 0 && report.unmatched.length === 0
}

function fires(live: LiveRule): boolean {
  const { when } = live.rule
  if (typeof when === 'function') return true
  if (when.call !== undefined && live.matched !== when.call) return false
  if (when.after !== undefined && live.matched <= when.after) return false
  if (when.times !== undefined && live.fired >= when.times) return false
  if (when.probability !== undefined && live.random() >= when.probability) return false
  return true
}

function reportedWhen(when: When): ReportedWhen {
  return typeof when === 'function' ? { function: when.name || 'anonymous' } : when
}

export function describeMatch(when: When | ReportedWhen): string {
  if (typeof when === 'function') return `the function ${when.name || '(anonymous)'}`
  if ('function' in when && typeof when.function === 'string') return `the function ${when.function}`
  const parts = Object.entries(when).map(([name, value]) => `${name} ${JSON.stringify(value)}`)
  return parts.length > 0 ? parts.join(', ') : 'any generation request'
}
