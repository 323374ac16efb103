// How soon SIGTERM ends a build while it matches log lines against a config at the cap on
// patterns (1,000 patterns of 8 segments, the README's "SIGTERM ends any run within a
// second"): the log of test/robustness/config-regex-signal.test.ts, over 4 MiB whose every
// line is tried against all the patterns, read from its end; the signal goes when --verbose
// shows a line that comes after the first 64 KiB read. The tests check that the run ends by
// the signal; the time it takes is measured here, the median of `runs`.
//
//   node test/bench/stop-time.js [--runs N]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const MARKER = 'a line that is no log line, where reading is in full swing'
const AT_THE_CAP = {
  shapes: {
    patterns: Array.from({ length: 1000 }, (_, i) => `/${'{seg}/'.repeat(7)}p${i}`),
    segmentTypes: { seg: '(?:[a-z]+[a-z]*)+[0-9]?' },
  },
}

/** 14,000 lines of 8 random 40-letter segments (the last no pattern's), the marker 220 lines before the end. */
const hostileLog = () => {
  let state = 4
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648)
  const word = () => Array.from({ length: 40 }, () => String.fromCharCode(0x61 + Math.floor(random() * 26))).join('')
  const line = () => `192.0.2.1 - - [22/Nov/2026:12:00:01 +0000] "GET /${Array.from({ length: 8 }, word).join('/')} HTTP/1.1" 200 5 "-" "-"\n`
  const lines = Array.from({ length: 14_000 }, line)
  return [...lines.slice(0, -220), `${MARKER}\n`, ...lines.slice(-220)].join('')
}

/**
 * Milliseconds from SIGTERM to the end of one run, which must end by the signal: sent while it reads
 * (`reading`), or once `--verbose` says the config was read, while its patterns are compiled (`config`).
 */
const stopOnce = (dir, phase = 'reading') => new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [BIN, 'build', '--config', join(dir, 'config.json'), '--log-format', 'combined', '--verbose', '-',
    join(dir, 'access.log'), '-o', join(dir, 'index.html')], { stdio: ['pipe', 'ignore', 'pipe'] })
  let stderr = ''
  let signalled = 0
  child.stderr.on('data', (bytes) => {
    stderr += bytes
    if (signalled === 0 && stderr.includes(phase === 'reading' ? MARKER : '(--config)')) {
      signalled = performance.now()
      child.kill('SIGTERM')
    }
  })
  child.on('error', reject)
  child.on('close', (code, signal) => {
    if (signal !== 'SIGTERM') reject(new Error(`the run ended with ${signal ?? `exit ${code}`}, not by SIGTERM: ${stderr}`))
    else resolve(performance.now() - signalled)
  })
})

/** The median time from SIGTERM to the end of a run, and the target it is checked against. */
export const measureStopTime = async (runs = 5) => {
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-stop-'))
  try {
    writeFileSync(join(dir, 'config.json'), JSON.stringify(AT_THE_CAP))
    writeFileSync(join(dir, 'access.log'), hostileLog())
    const median = async (phase) => {
      const times = []
      for (let run = 0; run < runs; run++) times.push(await stopOnce(dir, phase))
      return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]
    }
    const [reading, start] = [await median('reading'), await median('config')]
    const ms = Math.max(reading, start)
    return {
      ms,
      target: {
        what: 'SIGTERM ends a build at the cap on patterns within a second (while reading; once the config is read, compiling it)',
        value: `${Math.round(reading)} ms; ${Math.round(start)} ms`,
        pass: ms < 1000,
      },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs')
  const { target } = await measureStopTime(i > 0 ? Number(process.argv[i + 1]) : 5)
  console.log(`${target.what}: ${target.value} (${target.pass ? 'met' : 'NOT met'})`)
}
