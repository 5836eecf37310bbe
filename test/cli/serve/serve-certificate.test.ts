import { expect, it, vi } from 'vitest'

// Where both --tls-cert and --tls-key cannot be read, the refusal names --tls-cert whichever read
// fails first: here the key's fails at once and the certificate's a little later, the order that
// made the refusal name the key now and then when both were read at the same time.
const missing = (file: string) => Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' })
vi.mock('node:fs/promises', async (original) => ({
  ...(await original<typeof import('node:fs/promises')>()),
  readFile: vi.fn(async (file: string) => {
    if (file === '/nonexistent/cert.pem') await new Promise((resolve) => setTimeout(resolve, 20))
    throw missing(file)
  }),
}))
const { serveCertificate } = await import('../../../src/cli/serve/serve-certificate.ts')

it('names --tls-cert first when neither file can be read, whichever read fails first', async () => {
  await expect(serveCertificate({ tls: false, 'tls-cert': '/nonexistent/cert.pem', 'tls-key': '/nonexistent/key.pem' })).rejects.toThrow(
    'llm-gateway-mock: cannot read --tls-cert /nonexistent/cert.pem: ENOENT',
  )
})
