// Where `record` and `import` read the upstream's credentials instead of the command line, which
// `ps` shows to everyone on the machine.

/** The upstream's API key: `record --upstream-key`, `import --key` (several separated by commas). */
export const upstreamKeyVariable = 'LLM_GATEWAY_MOCK_UPSTREAM_KEY'

/** A user's dashboard access token: `import --access-token`. */
export const accessTokenVariable = 'LLM_GATEWAY_MOCK_ACCESS_TOKEN'
