/**
 * What the clients ask the service to compress its answers with. A shop's
 * line is slow and paid by the megabyte, and the service's front server
 * (nginx) compresses JSON when asked: the catalogue's pages shrink about ten
 * times. axios (Node's http adapter, in the Electron main process too)
 * decompresses as it reads, so every reader, and every size cap
 * (answerWatch.ts), sees and counts the decompressed bytes: a small answer
 * that unpacks past its cap is cut like a large one.
 */
export const acceptEncoding = 'br, gzip'
