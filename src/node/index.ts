/**
 * The Node-only part of llm-gateway-mock: serve a gateway over HTTP, load world, scenario and
 * recording files, record an upstream gateway's answers, and import a running gateway's world.
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
export { startServer, type ServeOptions, type RunningServer, type TlsOptions } from './server/create-server.ts'
export { loadWorldFile } from './files/load-world-file.ts'
export { loadScenarioFile } from './files/load-scenario-file.ts'
export { importWorld, type ImportWorldOptions } from './import/import-world.ts'
export type { ReadUpstreamOptions } from './import/read-upstream.ts'
export { UpstreamError } from './import/upstream-error.ts'
export type { ImportedWorld, ImportedKey } from '../world/import/build-imported-world.ts'
export { loadRecordings } from './files/load-recordings.ts'
export { startRecorder, type RecorderOptions, type RecorderExchange, type RunningRecorder } from './record/start-recorder.ts'
export { writeInspectorSnapshot } from './files/write-inspector-snapshot.ts'
export { RecordingDirectoryError } from './record/recording-file.ts'
