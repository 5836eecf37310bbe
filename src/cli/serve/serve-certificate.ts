import { readFile as readFileOfNode } from 'node:fs/promises'
import { createSecureContext } from 'node:tls'
import type { TlsOptions } from '../../node/server/create-server.ts'
import { localCertificate } from '../../node/server/tls/local-certificate.ts'
import { tlsDirectoryVariable } from '../../node/server/tls/tls-directory.ts'
import { CliError } from '../process/cli-error.ts'
import { exitCodes } from '../process/exit-codes.ts'
import type { ServeArgs } from '../flags/serve-options.ts'

/** What `serve` serves HTTPS with: the certificate, and for the local one the CA file clients trust. */
export interface ServeCertificate {
  tls: TlsOptions
  /** The local CA's file; none for your own certificate. */
  caFile?: string
}

/** How the files of --tls-cert and --tls-key are read: a test makes the reads fail in an order of its choosing. */
export type ReadTextFile = (file: string, encoding: 'utf8') => Promise<string>

/** The certificate `--tls` (the local one) or `--tls-cert` and `--tls-key` (yours) ask for; none for plain HTTP. */
export async function serveCertificate(
  args: Pick<ServeArgs, 'tls' | 'tls-cert' | 'tls-key'>,
  // No default parameter: it would read node:fs/promises' export, and so load it, on every start.
  readFile?: ReadTextFile,
): Promise<ServeCertificate | undefined> {
  const certFile = args['tls-cert']
  const keyFile = args['tls-key']
  if (certFile !== undefined && keyFile !== undefined) {
    // One after the other: where both fail, the refusal names the first flag, not whichever read
    // the file system happened to fail first.
    const read = readFile ?? readFileOfNode
    const cert = await readPem(read, certFile, '--tls-cert')
    const key = await readPem(read, keyFile, '--tls-key')
    try {
      createSecureContext({ cert, key })
    } catch (error) {
      throw new CliError(
        `llm-gateway-mock: --tls-cert ${certFile} and --tls-key ${keyFile} are not a PEM certificate and its private key (${(error as Error).message})`,
        exitCodes.usage,
      )
    }
    return { tls: { cert, key } }
  }
  if (!args.tls) return undefined
  try {
    const local = await localCertificate()
    return { tls: { cert: local.cert, key: local.key, ca: local.ca }, caFile: local.caFile }
  } catch (error) {
    throw new CliError(
      `llm-gateway-mock: cannot make or read the local TLS certificate: ${(error as Error).message} (set ${tlsDirectoryVariable} to a folder of your own, or give --tls-cert and --tls-key)`,
      exitCodes.usage,
    )
  }
}

async function readPem(readFile: ReadTextFile, file: string, flag: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw new CliError(
      `llm-gateway-mock: cannot read ${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      exitCodes.usage,
    )
  }
}
