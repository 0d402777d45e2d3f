/** The part of pdfmake 0.3's browser build the reports' PDF export uses; it ships no types. */
declare module 'pdfmake/build/pdfmake' {
  interface PdfmakeBrowserOutput {
    getBlob(): Promise<Blob>
  }
  interface PdfmakeBrowser {
    addVirtualFileSystem(vfs: Record<string, string>): void
    createPdf(definition: object): PdfmakeBrowserOutput
  }
  const pdfMake: PdfmakeBrowser
  export default pdfMake
}

declare module 'pdfmake/build/vfs_fonts' {
  /** Roboto (Latin, Cyrillic, Greek) as base64 files by name. */
  const vfs: Record<string, string>
  export default vfs
}
