import { expect, it } from 'vitest'
import { serveCertificate } from '../../../src/cli/serve/serve-certificate.ts'

// Where both --tls-cert and --tls-key cannot be read, the refusal names --tls-cert whichever read
// fails first: here the key's fails at once and the certificate's a little later, the order that
// made the refusal name the key now and then when both were read at the same time.
const missing = (file: string) => Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' })
const readFile = async (file: string): Promise<string> => {
  if (file === '/nonexistent/cert.pem') await new Promise((resolve) => setTimeout(resolve, 20))
  throw missing(file)
}

it('names --tls-cert first when neither file can be read, whichever read fails first', async () => {
  await expect(
    serveCertificate({ tls: false, 'tls-cert': '/nonexistent/cert.pem', 'tls-key': '/nonexistent/key.pem' }, readFile),
  ).rejects.toThrow('llm-gateway-mock: cannot read --tls-cert /nonexistent/cert.pem: ENOENT')
})
