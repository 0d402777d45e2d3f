import { useEffect, useState } from 'react'
import { formatTalkTime, talkSeconds, type CallState } from './call-state'

/** The call's length, ticking each second while it lasts and stopped once it ended. */
export function CallTimer({ call }: { call: CallState }) {
  const [now, setNow] = useState(() => Date.now())
  const running = call.answeredAt !== null && call.endedAt === null
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return (
    <span className="softphone-timer" role="timer" data-testid="softphone-timer">
      {formatTalkTime(talkSeconds(call, now))}
    </span>
  )
}
