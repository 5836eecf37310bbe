import type { TokenAuth } from '../../../auth/token-auth.ts'
import { gatewayError } from '../../../errors/gateway-error.ts'
import type { Conversation } from '../../../generation/conversation.ts'
import { generate } from '../../../generation/generate.ts'
import { parseSocketEvent } from '../../../pipeline/body/parse-socket-event.ts'
import { stream } from '../../../pipeline/reply.ts'
import type { SocketConnection } from '../../../pipeline/socket-connection.ts'
import type { SocketSession } from '../../../pipeline/socket-route.ts'
import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import { toTurns } from '../responses/input-items.ts'
import { toRealtimeItem, toResolvedItems, type HeldItem, type RealtimeItem } from './conversation-items.ts'
import { clientEventSchema, clientEventTypes, type ClientEvent, type ClientItem, type ResponseParams } from './realtime-events.ts'
import { audioUsage, errorEvent, planResponse, realtimeUsage, type ResponsePlan } from './response-events.ts'
import { base64AudioMs } from './pcm16.ts'
import { newSession, updateSession } from './session-config.ts'

const typed = lazySchema(() => z.looseObject({ type: z.string() }))
const supported = clientEventTypes.map((type) => `'${type}'`).join(', ')
/** The least audio `input_audio_buffer.commit` takes, as OpenAI's Realtime API has it. */
const leastCommitMs = 100
const sessionLifetimeSeconds = 30 * 60

/**
 * One Realtime API session on an open socket: `session.created` at once, then each client event
 * in turn. It holds the session's settings, the conversation and the input audio buffer; a
 * `response.create` becomes a generation admitted and billed as an HTTP one (a response at a time).
 */
export function realtimeSession(connection: SocketConnection<TokenAuth>): SocketSession {
  const model = connection.model!
  const unique = crypto.randomUUID().replaceAll('-', '').slice(0, 16)
  let counter = 0
  const next = (prefix: string) => `${prefix}_${unique}${(counter++).toString(36).padStart(5, '0')}`
  const eventId = () => next('event')
  const send = (event: object) => connection.send({ event_id: eventId(), ...event })

  let session = newSession(next('sess'), model.id, Math.floor(connection.runtime.clock.now() / 1000) + sessionLifetimeSeconds)
  const conversationId = next('conv')
  const items: HeldItem[] = []
  let bufferMs = 0
  let active: { id: string; cancel: AbortController } | undefined

  const lastItemId = () => items.at(-1)?.item.id ?? null
  const addItem = (item: RealtimeItem, audioMs: number, previousItemId?: string | null) => {
    let at = items.length
    if (previousItemId !== undefined && previousItemId !== null) {
      const index = items.findIndex((held) => held.item.id === previousItemId)
      if (index === -1) throw gatewayError('realtime_item_not_found', { id: previousItemId }, { param: 'previous_item_id' })
      at = index + 1
    }
    const previous = at === 0 ? null : items[at - 1]!.item.id
    items.splice(at, 0, { item, audioMs })
    send({ type: 'conversation.item.added', previous_item_id: previous, item })
    send({ type: 'conversation.item.done', previous_item_id: previous, item })
  }
  const held = (id: string) => {
    const index = items.findIndex((entry) => entry.item.id === id)
    if (index === -1) throw gatewayError('realtime_item_not_found', { id })
    return index
  }

  const handle = (event: ClientEvent) => {
    switch (event.type) {
      case 'session.update':
        session = updateSession(session, event.session)
        return send({ type: 'session.updated', session })
      case 'conversation.item.create':
        return addItem(
          toRealtimeItem(event.item, () => next('item')),
          0,
          event.previous_item_id,
        )
      case 'conversation.item.retrieve':
        return send({ type: 'conversation.item.retrieved', item: items[held(event.item_id)]!.item })
      case 'conversation.item.delete':
        items.splice(held(event.item_id), 1)
        return send({ type: 'conversation.item.deleted', item_id: event.item_id })
      case 'conversation.item.truncate':
        held(event.item_id)
        return send({
          type: 'conversation.item.truncated',
          item_id: event.item_id,
          content_index: event.content_index,
          audio_end_ms: event.audio_end_ms,
        })
      case 'input_audio_buffer.append': {
        const ms = base64AudioMs(event.audio)
        if (ms === undefined) throw gatewayError('socket_event_invalid', { detail: 'audio: Invalid base64 audio.' }, { param: 'audio' })
        bufferMs += ms
        return
      }
      case 'input_audio_buffer.clear':
        bufferMs = 0
        return send({ type: 'input_audio_buffer.cleared' })
      case 'input_audio_buffer.commit': {
        if (bufferMs < leastCommitMs) throw gatewayError('realtime_audio_too_short', { ms: bufferMs.toFixed(2), least: leastCommitMs })
        const id = next('item')
        const previous = lastItemId()
        send({ type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: id })
        const audioMs = bufferMs
        bufferMs = 0
        return addItem(
          {
            id,
            object: 'realtime.item',
            type: 'message',
            status: 'completed',
            role: 'user',
            content: [{ type: 'input_audio', transcript: null }],
          },
          audioMs,
        )
      }
      case 'response.create':
        return startResponse(event.response ?? {})
      case 'response.cancel':
        if (!active) throw gatewayError('realtime_response_not_active')
        active.cancel.abort()
        return
    }
  }

  const startResponse = (params: ResponseParams) => {
    if (active) throw gatewayError('realtime_response_active', { id: active.id })
    const id = next('resp')
    const inConversation = params.conversation !== 'none'
    const own = params.input?.map((item) =>
      item.type === 'item_reference' ? items[held(item.id)]!.item : toRealtimeItem(item as ClientItem, () => next('item')),
    )
    const context: HeldItem[] = own ? own.map((item) => ({ item, audioMs: 0 })) : [...items]
    const current = { id, cancel: new AbortController(), plan: undefined as ResponsePlan | undefined, broken: false }
    active = current
    const finish = () => {
      if (active === current) active = undefined
    }
    const settings = { ...session, ...definedOf(params) }
    const previousItemId = lastItemId()
    void connection
      .respond({
        model: model.id,
        stop: current.cancel.signal,
        async work(admitted) {
          const conversation = toConversation(
            settings,
            context.map((entry) => entry.item),
          )
          const inputMs = context.reduce((sum, entry) => sum + entry.audioMs, 0)
          const spoken = settings.output_modalities.includes('audio')
          const generation = await generate(admitted, conversation, 'input', {
            kinds: ['realtime'],
            extraTokens: (reply) => audioUsage(inputMs, spoken, reply.completionTokens),
          })
          const usage = realtimeUsage(generation, audioUsage(inputMs, spoken, generation.reply.completionTokens))
          const plan = planResponse(
            generation,
            {
              id,
              conversationId: inConversation ? conversationId : null,
              modalities: settings.output_modalities,
              maxOutputTokens: settings.max_output_tokens,
              voice: settings.audio.output.voice,
              format: settings.audio.output.format,
              metadata: params.metadata ?? null,
              previousItemId,
              newItemId: () => next('item'),
            },
            usage,
            eventId,
          )
          current.plan = plan
          return stream(plan.frames, generation, (error) => {
            current.broken = true
            return plan
              .failed(error)
              .map((event) => `${JSON.stringify(event)}\n`)
              .join('')
          })
        },
        failed: (error) => [errorEvent(error, eventId())],
        // Settled as the last event goes out: the client may answer it with the next response.create at once.
        sent(frames, of) {
          if (frames < of) return
          finish()
          if (!current.broken && inConversation) for (const item of current.plan!.output) items.push({ item, audioMs: 0 })
        },
      })
      .then((outcome) => {
        finish()
        if (outcome === 'stopped' && current.cancel.signal.aborted) connection.send(current.plan!.cancelled())
      })
  }

  send({ type: 'session.created', session })
  return {
    receive(text) {
      let clientEventId: string | null = null
      try {
        const { type, event_id } = parseSocketEvent(typed, text, connection.runtime.maxBodyDepth) as { type: string; event_id?: unknown }
        if (typeof event_id === 'string') clientEventId = event_id
        if (!clientEventTypes.includes(type)) throw gatewayError('socket_event_unknown', { type, supported })
        handle(parseSocketEvent(clientEventSchema, text, connection.runtime.maxBodyDepth))
      } catch (error) {
        connection.send(errorEvent(connection.resolve(error), eventId(), clientEventId))
      }
    },
    closed() {
      active?.cancel.abort()
    },
  }
}

/** The session's settings as one response sees them: `response.create`'s own fields win. */
function definedOf(params: ResponseParams) {
  const { conversation: _conversation, input: _input, metadata: _metadata, ...rest } = params
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<ReturnType<typeof newSession>>
}

function toConversation(settings: ReturnType<typeof newSession>, items: readonly RealtimeItem[]): Conversation {
  const { system, turns } = toTurns(toResolvedItems(items))
  if (settings.instructions) system.unshift(settings.instructions)
  const choice = settings.tool_choice
  return {
    system: system.join('\n'),
    turns,
    tools: (settings.tools ?? []).flatMap((tool) =>
      tool.type === 'function' && tool.name
        ? [{ name: tool.name, description: tool.description ?? '', parameters: tool.parameters ?? {} }]
        : [],
    ),
    toolChoice: typeof choice === 'string' ? choice : choice.type === 'function' && choice.name ? { name: choice.name } : 'auto',
    maxOutputTokens: settings.max_output_tokens === 'inf' ? undefined : settings.max_output_tokens,
  }
}
