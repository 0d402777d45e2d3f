/** The part of http_ece (web-push's own encryption dependency) the Web Push test uses to open what a device receives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  const ece: { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer }
  export default ece
}
