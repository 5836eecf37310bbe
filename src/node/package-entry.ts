/**
 * llm-gateway-mock under Node: everything the runtime-neutral entry (src/index.ts) exports, with
 * a `createGateway` whose `replay` also reads recording files and directories. package.json
 * serves it for `import … from 'llm-gateway-mock'` under the `node` condition; bundlers for a
 * browser get src/index.ts, where recordings are passed as data.
 *
 * @module
 */
export * from '../index.ts'
export { createGateway } from './create-gateway.ts'
