// The codes of Node's TLS errors for a certificate it does not trust (openssl's verify results, as Node names them).
const untrusted =
  /^(?:UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(?:_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_UNTRUSTED)$/

/** Why the upstream did not answer, as the recorder says it: the error's code, and for an untrusted certificate what to do. */
export function upstreamFailure(error: NodeJS.ErrnoException): string {
  const code = error.code ?? String(error.message)
  return untrusted.test(code)
    ? `${code}: its certificate is signed by a CA Node does not trust; give that CA's certificate with --upstream-ca FILE (or NODE_EXTRA_CA_CERTS)`
    : code
}
