import type { ReactNode } from 'react'
import { Drawer } from 'antd'

/**
 * The sidebar in a drawer, for phones. Its own chunk: a desktop never loads antd's Drawer for
 * the frame (the home screen's script budget, tests/e2e/first-screen-size.spec.ts).
 */
export default function PhoneMenu({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={260} styles={{ body: { padding: 0, background: '#0f2a2e' }, header: { display: 'none' } }}>
      {children}
    </Drawer>
  )
}
