import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'

/**
 * Spec section 2: a helper hides the top bar and sidebar for a full-screen page. A page calls
 * `useFullScreenPage()` while it is shown; the top bar's button toggles it by hand.
 */
interface FullScreenState {
  fullScreen: boolean
  setFullScreen: (value: boolean) => void
}

const FullScreenContext = createContext<FullScreenState>({ fullScreen: false, setFullScreen: () => undefined })

export function FullScreenProvider({ children }: { children: ReactNode }) {
  const [fullScreen, setFullScreen] = useState(false)
  return <FullScreenContext.Provider value={{ fullScreen, setFullScreen }}>{children}</FullScreenContext.Provider>
}

export function useFullScreen() {
  return useContext(FullScreenContext)
}

/** For pages that are always full screen (a point-of-sale screen, a waiting-room board). */
export function useFullScreenPage() {
  const { setFullScreen } = useFullScreen()
  useEffect(() => {
    setFullScreen(true)
    return () => setFullScreen(false)
  }, [setFullScreen])
}
