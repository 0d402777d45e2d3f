import { useState } from 'react'
import { createRecord } from '../../api/live'
import { toastError } from '../../app/toasts'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { SignatureRequestDialog } from './SignatureRequestDialog'

/**
 * "Sign on tablet": prints the next version of a document awaiting a signature
 * (documents.create with `forSigning`) and shows the dialog that waits for it.
 */
export function useSignRequest() {
  const [requesting, setRequesting] = useState<string | null>(null)
  const [documentId, setDocumentId] = useState<string | null>(null)
  async function ask(key: string, data: PrintedDocumentData) {
    setRequesting(key)
    try {
      const document = await createRecord('documents', [{ ...data, forSigning: true }])
      setDocumentId(document._id)
      return document
    } catch (error) {
      toastError(error)
      return undefined
    } finally {
      setRequesting(null)
    }
  }
  const dialog = documentId ? <SignatureRequestDialog documentId={documentId} onClose={() => setDocumentId(null)} /> : null
  return { ask, requesting, dialog }
}
