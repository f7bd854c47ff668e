/**
 * Progress of a long run on stderr: a redrawn bar with games/s and ETA on a terminal; in CI or when
 * piped, a plain line every `lineEveryMs`; nothing with --quiet. Called between batches only, so
 * the hot loop never pays for it.
 */
export type ProgressMode = 'bar' | 'lines' | 'none';

export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private drawn = false;

  constructor(
    private readonly total: number,
    private readonly mode: ProgressMode,
    private readonly write: (text: string) => void,
    private readonly alreadyDone = 0,
    private readonly lineEveryMs = 10_000,
  ) {}

  update(done: number): void {
    if (this.mode === 'none') return;
    const now = Date.now();
    const every = this.mode === 'bar' ? 200 : this.lineEveryMs;
    if (now - this.last < every && done < this.total) return;
    this.last = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? (done - this.alreadyDone) / seconds : 0;
    const eta = rate > 0 ? (this.total - done) / rate : Infinity;
    const pct = this.total > 0 ? done / this.total : 1;
    const facts = `${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} games  ${Math.round(rate).toLocaleString('en-US')} games/s  ETA ${formatSeconds(eta)}`;
    if (this.mode === 'bar') {
      const width = 24;
      const filled = Math.round(pct * width);
      this.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(100 * pct).toFixed(0).padStart(3)}%  ${facts}\x1b[K`);
      this.drawn = true;
    } else {
      this.write(`progress: ${(100 * pct).toFixed(1)}%  ${facts}\n`);
    }
  }

  /** Clears the bar before other output. */
  done(): void {
    if (this.drawn) this.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** A time left: whole seconds under an hour (`25 min 60 s` never: the rounding carries), whole minutes above. */
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.max(0, Math.ceil(s));
  if (t < 60) return `${t} s`;
  if (t < 3600) return `${Math.floor(t / 60)} min ${t % 60} s`;
  const m = Math.round(t / 60);
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
