/**
 * Whether a licence still has to be checked against the publisher's terms: the manifests and the
 * layer catalogue say so with the word 'verify' ('to verify', 'verify:', 'FAO terms — verify').
 */
export const licenceToVerify = (licence: string) => /\bverify\b/i.test(licence);
