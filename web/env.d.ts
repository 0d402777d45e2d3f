/// <reference types="vite/client" />

/** A locale's texts of one area (web/text-areas-plugin.ts). */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>
  export default texts
}
