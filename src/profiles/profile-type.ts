import type { ErrorName } from '../errors/error-names.ts'
import type { CredentialSource } from '../http/request-credentials.ts'
import type { SurfaceName } from '../http/surface-name.ts'

/** The languages the real gateway writes its messages in. */
export type Language = 'en' | 'zh-CN' | 'zh-TW'

/** A message template (`{param}` placeholders), in one language or in several. */
export type Messages = string | ({ en: string } & Partial<Record<Language, string>>)

/** A value for every surface (`'*'`), with exceptions for some. */
export type PerSurface<T> = T | ({ '*': T } & Partial<Record<SurfaceName, T>>)

/** The error bodies the gateway can write; `src/profiles/envelopes.ts` holds each one's shape. */
export type EnvelopeName =
  | 'openai'
  | 'anthropic'
  | 'google'
  | 'dashboard'
  | 'admin'
  | 'new-api-middleware'
  | 'new-api-relay'
  | 'new-api-claude'
  | 'new-api-dashboard-auth'
  | 'new-api-dashboard'
  | 'new-api-panic'

/** How one profile answers one error name. */
export interface ErrorEntry {
  status: number
  /**
   * `error.code` (Google's `ErrorInfo.reason`); a number where the real gateway relays Google's,
   * `null` where it relays an OpenAI error that has none.
   */
  code: string | number | null
  /** `error.type` in the envelopes that carry one. */
  type: string
  message: Messages
  /** The envelope, when it is not the profile's default for the surface. */
  envelope?: PerSurface<EnvelopeName>
  /** Append ` (request id: …)` to the message; default: the profile's `requestIdSuffix`. */
  requestIdSuffix?: boolean
  /** Send the error's own headers (`Retry-After` and the like); default true. */
  headers?: boolean
  /** `error.param`, when the entry fixes it rather than the raise site. */
  param?: string | null
}

/** An entry, with what changes on some surfaces. */
export interface CatalogueEntry extends ErrorEntry {
  bySurface?: Partial<Record<SurfaceName, Partial<ErrorEntry>>>
}

/**
 * The routes that take an API key, grouped by where the real gateway looks for it: `openai`
 * (chat, billing), `anthropic` (`/v1/messages*`), `gemini` (`/v1beta/*`), `gemini-relay`
 * (`/v1/models/{model}:{action}`), `openai-models` (`/v1/models`, `/v1/models/{model}`) and
 * `openai-websocket` (the WebSocket routes: `/v1/realtime`, `/v1/responses` opened as a socket).
 */
export type CredentialGroup = 'openai' | 'anthropic' | 'gemini' | 'gemini-relay' | 'openai-models' | 'openai-websocket'

/**
 * The shape switches: where a profile answers a successful request differently, each a choice
 * between the shapes the surfaces implement.
 */
export interface ProfileShapes {
  /** `GET /v1/models` and `/v1beta/openai/models`: `spec` (`success, object, data`) or `new-api` (keys sorted, `created` 1626777600). */
  openaiModelList: 'spec' | 'new-api'
  /** When `/v1/models*` answers in the Anthropic shape: on `anthropic-version`, or only with both it and `x-api-key`. */
  anthropicModelsWhen: 'anthropic-version' | 'x-api-key-and-anthropic-version'
  /** The Anthropic list: `paged` (`limit`, `after_id`, display names) or `new-api` (every model, ids as names, `created_at` 2021-07-20). */
  anthropicModelList: 'paged' | 'new-api'
  /** `GET /v1beta/models`: Google's paged shape, or new-api's bare names with null metadata and `nextPageToken: null`. */
  geminiModelList: 'google' | 'new-api'
  /** A Gemini-style key alone on `/v1/models`: `refuse` with a pointer to `/v1beta/models`, or answer the `gemini-list`. */
  geminiKeyOnModelList: 'refuse' | 'gemini-list'
  /** `GET /v1/models/{model}`: `visible` (the key's models) or `static-table` (any model a real upstream has, whatever the key). */
  retrieveModel: 'visible' | 'static-table'
  /** Gemini replies: always `native`, or `by-channel` (models not served natively get new-api's converted shape). */
  geminiReplies: 'native' | 'by-channel'
  /**
   * `POST /v1/embeddings`: always `openai`'s shape, or `by-channel` (models served natively by
   * Gemini come back as new-api converts them: float vectors even when base64 is asked, its usage object).
   */
  openaiEmbeddings: 'openai' | 'by-channel'
  /** `:countTokens`: `count`, or answered and billed as `generate`Content, as new-api does. */
  geminiCountTokens: 'count' | 'generate'
  /** Where an exhausted key is refused: by the `quota` check, or at `auth` with the other bad keys. */
  exhaustedKey: 'quota' | 'auth'
  /** Whether answers carry the `x-ratelimit-*` headers of the tightest rate limit. */
  rateLimitHeaders: boolean
  /** `/v1/rerank`: Jina's shape (`id`, `model`, `results`, `usage`), or new-api's re-serialised one (`results`, its whole usage struct). */
  rerankResponse: 'jina' | 'new-api'
  /**
   * The model a request that names none gets, per route kind: OpenAI's own defaults, or the ones
   * new-api's distributor fills in. A kind without one refuses the request for naming no model.
   */
  defaultModels: Readonly<Partial<Record<'moderation' | 'image' | 'speech' | 'transcription', string>>>
}

/**
 * A profile: how the gateway speaks. Everything a profile changes is here as data (the error
 * catalogue, the envelopes, the headers, the routes it lacks or adds, the shape switches); no
 * handler branches on a profile's name. `defineProfile` in `define-profile.ts` builds one from
 * another, so a new profile is one data file.
 */
export interface Profile {
  name: string
  /** One line: what the profile is for. */
  description: string
  errors: Readonly<Record<ErrorName, CatalogueEntry>>
  /** The envelope of each surface's errors, unless an entry says otherwise. */
  envelopes: Readonly<Record<SurfaceName, EnvelopeName>>
  /** Append ` (request id: …)` to messages, unless an entry says otherwise. */
  requestIdSuffix: boolean
  /** Messages in English only, or in the language `Accept-Language` asks for (where the catalogue has it). */
  language: 'en' | 'accept-language'
  headers: {
    /** The headers that carry the request id. */
    requestId: PerSurface<readonly string[]>
    /** Headers on every answer. */
    always: Readonly<Record<string, string>>
  }
  /** Where each group of routes reads the API key, first found wins. */
  credentials: Readonly<Record<CredentialGroup, readonly CredentialSource[]>>
  routes: {
    /** Route ids this profile does not serve: they answer the unknown-path 404. */
    lacks: readonly string[]
    /** Optional route ids this profile serves. */
    adds: readonly string[]
  }
  shapes: Readonly<ProfileShapes>
}
