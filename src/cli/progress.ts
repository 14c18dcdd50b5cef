/**
 * The progress line of a long command: on a terminal, one line on standard error rewritten at most four times a
 * second (rows done, share, rate, time left); piped or redirected, nothing, so a log holds only the summary.
 */
const EVERY_MS = 250;

export class Progress {
  private readonly started = performance.now();
  private last = 0;
  private shown = false;

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number): void {
    if (!this.out.isTTY) return;
    const now = performance.now();
    if (now - this.last < EVERY_MS && done < this.total) return;
    this.last = now;
    const seconds = (now - this.started) / 1000;
    const rate = done / Math.max(seconds, 1e-3);
    const left = rate > 0 ? (this.total - done) / rate : Number.NaN;
    const share = this.total ? Math.floor((100 * done) / this.total) : 100;
    const eta = Number.isFinite(left) ? `, about ${formatSeconds(left)} left` : '';
    this.out.write(
      `\r\x1b[K${done.toLocaleString('en-US')} of ${this.total.toLocaleString('en-US')} rows (${share}%), ` +
        `${Math.round(rate).toLocaleString('en-US')} rows/s${eta}`,
    );
    this.shown = true;
  }

  /** Clears the line, so what follows starts on a clean one. */
  end(): void {
    if (this.shown) this.out.write('\r\x1b[K');
  }
}

function formatSeconds(s: number): string {
  if (s < 90) return `${Math.ceil(s)} s`;
  const minutes = Math.round(s / 60);
  return minutes < 90 ? `${minutes} min` : `${(s / 3600).toFixed(1)} h`;
}
