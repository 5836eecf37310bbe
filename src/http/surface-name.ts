/**
 * The API surfaces a request can belong to: each has its clients, its envelopes and its stream
 * framing (src/surfaces has one folder per surface).
 */
export type SurfaceName = 'openai' | 'anthropic' | 'gemini' | 'dashboard' | 'admin'
