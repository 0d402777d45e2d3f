import { useState } from 'react'
import { createRecord } from '../../api/live'
import { toastError } from '../../app/toasts'
import { platform } from '../../platform'
import { roleForPaper } from '../../../../main/src/printer-roles'
import type { PrintedDocument, PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'

/** The PDF's address on the clinic server (the answer's signed link). */
export const documentHref = (document: PrintedDocument) => (document.file ? platform.serverUrl() + document.file.file : '')

/** Saves a PDF made by the server (the same in the browser and the desktop shell: a download link). */
export function downloadPdf(url: string) {
  const link = document.createElement('a')
  link.href = `${url}${url.includes('?') ? '&' : '?'}download=1`
  link.rel = 'noopener'
  link.click()
}

/**
 * Prints a document: the server renders and keeps it (documents.create), then the platform shows
 * it (a new tab on the web; the desktop shell prints silently on the printer of its paper). `printing` names what is being
 * printed, for the button's spinner.
 */
export function usePrint() {
  const [printing, setPrinting] = useState<string | null>(null)
  const printed = async (key: string, data: PrintedDocumentData) => {
    setPrinting(key)
    try {
      return await createRecord('documents', [data])
    } finally {
      setPrinting(null)
    }
  }
  async function print(key: string, data: PrintedDocumentData) {
    try {
      // A receipt goes to the workstation's receipt printer of its paper; the rest to A4.
      await platform.printPdf(printed(key, data).then((document) => ({ url: documentHref(document), role: roleForPaper(document.paper) })))
    } catch (error) {
      toastError(error)
    }
  }
  async function download(key: string, data: PrintedDocumentData) {
    try {
      downloadPdf(documentHref(await printed(key, data)))
    } catch (error) {
      toastError(error)
    }
  }
  return { print, download, printing }
}
