import { useEffect, useRef, useState } from 'react'
import { Alert, Spin } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * A PDF's pages drawn with pdf.js, each as a canvas the width of its box: tablets show no PDF
 * inside a page themselves. pdf.js and its worker are a chunk of their own, loaded by the kiosk
 * and the signing screen only (the first screen's budget: tests/e2e/first-screen-size.spec.ts).
 */
export default function PdfPages({ url }: { url: string }) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | undefined
    const holder = box.current
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist')
        if (!pdfjs.GlobalWorkerOptions.workerPort) {
          pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' })
        }
        const task = pdfjs.getDocument({ url, isEvalSupported: false })
        destroy = () => void task.destroy()
        const pdf = await task.promise
        if (cancelled || !holder) return
        holder.replaceChildren()
        const width = holder.clientWidth || 800
        const ratio = window.devicePixelRatio || 1
        for (let number = 1; number <= pdf.numPages; number++) {
          const page = await pdf.getPage(number)
          if (cancelled) return
          const scale = width / page.getViewport({ scale: 1 }).width
          const viewport = page.getViewport({ scale: scale * ratio })
          const canvas = document.createElement('canvas')
          canvas.width = Math.floor(viewport.width)
          canvas.height = Math.floor(viewport.height)
          canvas.style.width = '100%'
          canvas.className = 'pdf-page'
          canvas.setAttribute('data-testid', 'pdf-page')
          holder.appendChild(canvas)
          await page.render({ canvas, viewport }).promise
        }
        if (!cancelled) setState('ready')
      } catch {
        if (!cancelled) setState('failed')
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [url])
  return (
    <div className="pdf-pages">
      {state === 'loading' && <Spin style={{ display: 'block', margin: 24 }} />}
      {state === 'failed' && <Alert type="error" showIcon message={t('documents.signing.pdfFailed')} />}
      <div ref={box} />
    </div>
  )
}
