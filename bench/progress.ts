import cliProgress from 'cli-progress'

/**
 * A progress bar for a long bulk write: redrawn in place on a terminal, a line every tenth
 * of the way otherwise (CI logs, redirected output).
 */
export function progressBar(label: string, total: number): { update: (done: number) => void; stop: () => void } {
  const started = Date.now()
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label.padEnd(13)} [{bar}] {percentage}% {value}/{total} {eta_formatted} left, {rate} rows/s`, hideCursor: true, etaBuffer: 50 },
      cliProgress.Presets.shades_classic
    )
    bar.start(total, 0, { rate: 0 })
    return {
      update: (done) => bar.update(done, { rate: Math.round((done * 1000) / Math.max(1, Date.now() - started)) }),
      stop: () => bar.stop()
    }
  }
  let shown = 0
  return {
    update: (done) => {
      const tenth = Math.floor((done * 10) / total)
      if (tenth <= shown) return
      shown = tenth
      console.log(`${label}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} (${Math.round((done * 1000) / Math.max(1, Date.now() - started))} rows/s)`)
    },
    stop: () => console.log(`${label}: ${total.toLocaleString('en')} written in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
}
