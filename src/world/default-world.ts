import type { WorldInput } from './schemas.ts'

const alice = 1
const carol = 2

/**
 * The world every gateway starts from unless told otherwise. Keys are readable on purpose:
 * each one names the case it exists to exercise (`llm-gateway-mock keys` lists them).
 */
export const defaultWorld = {
  settings: {
    selfUseMode: false,
    autoGroups: ['vip', 'default'],
    systemName: 'LLM Gateway Mock',
  },
  groups: [
    {
      name: 'default',
      ratio: 1,
      description: 'Everyday models',
      models: ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4-6', 'gemini-2.5-flash', 'small-context-4k', 'unpriced-model'],
    },
    {
      name: 'vip',
      ratio: 1.5,
      description: 'Premium models, priced at 1.5x',
      models: ['gpt-4o', 'claude-opus-4-1', 'gemini-2.5-pro', 'gemini-2.5-flash'],
    },
  ],
  users: [
    {
      id: alice,
      username: 'alice',
      displayName: 'Alice',
      group: 'default',
      extraGroups: ['vip'],
      quota: 100_000_000,
      accessToken: 'at-alice',
      email: 'alice@example.test',
    },
    {
      id: carol,
      username: 'carol',
      displayName: 'Carol (out of quota)',
      group: 'default',
      quota: 0,
      usedQuota: 2_500_000,
      requestCount: 40,
      accessToken: 'at-carol',
      email: 'carol@example.test',
    },
  ],
  tokens: [
    { key: 'sk-unrestricted', name: 'unrestricted', userId: alice, unlimitedQuota: true },
    {
      key: 'sk-limited',
      name: 'model-limited',
      userId: alice,
      remainQuota: 5_000_000,
      modelLimits: ['gpt-4o-mini', 'gemini-2.5-flash'],
    },
    { key: 'sk-vip', name: 'vip-group', userId: alice, group: 'vip', remainQuota: 5_000_000 },
    { key: 'sk-auto', name: 'auto-group', userId: alice, group: 'auto', remainQuota: 5_000_000 },
    { key: 'sk-disabled', name: 'disabled', userId: alice, status: 'disabled', remainQuota: 5_000_000 },
    {
      key: 'sk-expired',
      name: 'expired',
      userId: alice,
      expiresAt: '2025-01-01T00:00:00.000Z',
      remainQuota: 5_000_000,
    },
    { key: 'sk-low-quota', name: 'nearly-exhausted', userId: alice, remainQuota: 50, usedQuota: 4_999_950 },
    { key: 'sk-broke-user', name: 'user-without-quota', userId: carol, unlimitedQuota: true },
  ],
  models: [
    {
      id: 'gpt-4o-mini',
      ownedBy: 'openai',
      displayName: 'GPT-4o mini',
      endpointTypes: ['openai'],
      contextWindow: 128_000,
      maxOutputTokens: 16_384,
      pricing: { ratio: 0.075, completionRatio: 4 },
    },
    {
      id: 'gpt-4o',
      ownedBy: 'openai',
      displayName: 'GPT-4o',
      endpointTypes: ['openai'],
      contextWindow: 128_000,
      maxOutputTokens: 16_384,
      pricing: { ratio: 1.25, completionRatio: 4 },
    },
    {
      id: 'claude-sonnet-4-6',
      ownedBy: 'claude',
      displayName: 'Claude Sonnet 4.6',
      endpointTypes: ['anthropic', 'openai'],
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
      pricing: { ratio: 1.5, completionRatio: 5 },
    },
    {
      id: 'claude-opus-4-1',
      ownedBy: 'claude',
      displayName: 'Claude Opus 4.1',
      endpointTypes: ['anthropic', 'openai'],
      contextWindow: 200_000,
      maxOutputTokens: 32_000,
      pricing: { ratio: 7.5, completionRatio: 5 },
    },
    {
      id: 'gemini-2.5-flash',
      ownedBy: 'google gemini',
      displayName: 'Gemini 2.5 Flash',
      endpointTypes: ['gemini', 'openai'],
      contextWindow: 1_048_576,
      maxOutputTokens: 65_536,
      pricing: { ratio: 0.15, completionRatio: 8.33 },
    },
    {
      id: 'gemini-2.5-pro',
      ownedBy: 'google gemini',
      displayName: 'Gemini 2.5 Pro',
      endpointTypes: ['gemini', 'openai'],
      contextWindow: 1_048_576,
      maxOutputTokens: 65_536,
      pricing: { ratio: 0.625, completionRatio: 8 },
    },
    {
      id: 'small-context-4k',
      ownedBy: 'custom',
      displayName: 'Small context (4k)',
      description: 'A model with a 4 096-token window, for context-length tests',
      endpointTypes: ['openai', 'anthropic', 'gemini'],
      contextWindow: 4_096,
      maxOutputTokens: 1_024,
      pricing: { ratio: 0.5, completionRatio: 1 },
    },
    {
      id: 'unpriced-model',
      ownedBy: 'custom',
      displayName: 'Unpriced model',
      description: 'Enabled in the default group but without pricing: hidden unless selfUseMode is on',
      endpointTypes: ['openai'],
      pricing: null,
    },
  ],
} satisfies WorldInput
