import type { AdmittedRequest } from '../../../generation/admitted-request.ts'
import { generate } from '../../../generation/generate.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import { stream } from '../../../pipeline/reply.ts'
import { toRealtimeItem, type HeldItem } from './conversation-items.ts'
import type { ResponseParams } from './realtime-events.ts'
import type { RealtimeSessionState } from './realtime-session-state.ts'
import { responseConversation } from './response-conversation.ts'
import { audioUsage, errorEvent, planResponse, realtimeUsage, type ResponsePlan } from './response-events.ts'
import { responseSettings } from './session-config.ts'
import { conversationView } from '../../../conversation/conversation-view.ts'

/**
 * `response.create` (`text`, as the client sent it): one response at a time, admitted and billed as an HTTP generation is, its
 * events played with the model's timing. Its output joins the conversation (unless it asked for
 * `conversation: "none"`) as its last event goes out; `response.cancel` ends it with
 * `response.done` cancelled.
 */
export function startResponse(state: RealtimeSessionState, params: ResponseParams, text: string): void {
  const { connection, conversation } = state
  if (state.active) throw gatewayError('realtime_response_active', { id: state.active.id })
  const id = state.newId('resp')
  const inConversation = params.conversation !== 'none'
  const own = params.input?.map((item) =>
    item.type === 'item_reference' ? conversation.get(item.id) : toRealtimeItem(item, () => state.newId('item')),
  )
  const context: HeldItem[] = own ? own.map((item) => ({ item, audioMs: 0 })) : [...conversation.items]
  const current: ActiveResponse = { id, cancel: new AbortController(), plan: undefined, announced: false, broken: false }
  state.active = current
  const finish = () => {
    if (state.active === current) state.active = undefined
  }
  const settings = responseSettings(state.config, params)
  const job: ResponseJob = { id, params, settings, context, current, previousItemId: conversation.lastItemId, inConversation }
  void connection
    .respond({
      text,
      model: state.model.id,
      body: params,
      conversation: () =>
        conversationView(
          responseConversation(
            settings,
            context.map((entry) => entry.item),
          ),
        ),
      stop: current.cancel.signal,
      work: (admitted) => playResponse(admitted, state, job),
      failed: (error) => [errorEvent(error, state.newId('event'))],
      // Settled as the last event goes out: the client may answer it with the next response.create at once.
      sent(frames, of) {
        current.announced = true
        if (frames < of) return
        finish()
        if (!current.broken && inConversation) for (const item of current.plan!.output) conversation.items.push({ item, audioMs: 0 })
      },
    })
    .then((outcome) => {
      finish()
      if (outcome === 'stopped' && current.cancel.signal.aborted && current.plan) {
        for (const event of current.plan.cancelled(current.announced)) connection.send(event)
      }
    })
}

/** The response under way: what cancelling it sends depends on how far it got. */
interface ActiveResponse {
  id: string
  cancel: AbortController
  plan: ResponsePlan | undefined
  /** Whether its first event (`response.created`) went out. */
  announced: boolean
  /** Whether an error broke it: its output then joins no conversation. */
  broken: boolean
}

/** One `response.create`, as its generation needs it. */
interface ResponseJob {
  id: string
  params: ResponseParams
  settings: ReturnType<typeof responseSettings>
  /** The items the response reads: its own `input`, else the conversation's. */
  context: readonly HeldItem[]
  current: ActiveResponse
  /** The conversation's last item when the response was asked for: its first output item follows it. */
  previousItemId: string | null
  inConversation: boolean
}

/** The admitted response's generation (its audio billed too) and its events, played with the model's timing. */
async function playResponse(admitted: AdmittedRequest, state: RealtimeSessionState, job: ResponseJob) {
  const { id, params, settings, context, current } = job
  const inputMs = context.reduce((sum, entry) => sum + entry.audioMs, 0)
  const spoken = settings.output_modalities.includes('audio')
  const generation = await generate(
    admitted,
    responseConversation(
      settings,
      context.map((entry) => entry.item),
    ),
    'input',
    { kinds: ['realtime'], extraTokens: (reply) => audioUsage(inputMs, spoken, reply.completionTokens) },
  )
  const usage = realtimeUsage(generation, audioUsage(inputMs, spoken, generation.reply.completionTokens))
  const plan = planResponse(
    generation,
    {
      id,
      conversationId: job.inConversation ? state.conversationId : null,
      modalities: settings.output_modalities,
      maxOutputTokens: settings.max_output_tokens,
      voice: settings.audio.output.voice,
      format: settings.audio.output.format,
      metadata: params.metadata ?? null,
      previousItemId: job.previousItemId,
      newItemId: () => state.newId('item'),
    },
    usage,
    () => state.newId('event'),
  )
  current.plan = plan
  return stream(plan.frames, generation, (error) => {
    current.broken = true
    return plan
      .failed(error)
      .map((event) => `${JSON.stringify(event)}\n`)
      .join('')
  })
}
