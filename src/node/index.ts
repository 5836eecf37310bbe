/**
 * The Node-only part of llm-gateway-mock: serve a gateway over HTTP, load world, scenario and
 * recording files, and record an upstream gateway's answers.
 *
 * @example
 * import { createGateway } from 'llm-gateway-mock'
 * import { startServer } from 'llm-gateway-mock/node'
 *
 * const server = await startServer(await createGateway(), { port: 0 })
 * console.log(server.url)
 * await server.close()
 *
 * @module
 */
export { startServer, type ServeOptions, type RunningServer } from './create-server.ts'
export { loadWorldFile } from './load-world-file.ts'
export { loadScenarioFile } from './load-scenario-file.ts'
export { loadRecordings } from './load-recordings.ts'
export { startRecorder, type RecorderOptions, type RecorderExchange, type RunningRecorder } from './record/start-recorder.ts'
