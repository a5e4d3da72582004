import type { Writable } from 'node:stream';

const REDRAW_MS = 100;
const BAR_WIDTH = 24;
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integer.format(value);
}

/** Whether a stream is an interactive terminal (a progress bar there; nothing when output goes to a file or CI). */
export function isTerminal(stream: Writable): stream is Writable & { isTTY: true; columns?: number } {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * One self-rewriting status line on a terminal: share of the file read, rows and rows per second; then, while the
 * tables are written (no per-row progress there), the time spent so far.
 */
export class ProgressBar {
  private lastDraw = 0;
  private ticker: NodeJS.Timeout | null = null;
  private readonly started = performance.now();

  constructor(
    private readonly stream: Writable & { columns?: number },
    private readonly totalBytes: number,
  ) {}

  reading(bytesRead: number, rows: number): void {
    const now = performance.now();
    if (now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const share = this.totalBytes > 0 ? Math.min(1, bytesRead / this.totalBytes) : 1;
    const filled = Math.round(share * BAR_WIDTH);
    const perSecond = rows / Math.max((now - this.started) / 1000, 0.001);
    this.draw(
      `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% ` +
        `${formatCount(rows)} linhas · ${formatCount(perSecond)} linhas/s`,
    );
  }

  writing(rows: number): void {
    const draw = () => {
      const seconds = Math.round((performance.now() - this.started) / 1000);
      this.draw(`gravando ${formatCount(rows)} linhas nas tabelas… ${seconds} s`);
    };
    draw();
    this.ticker = setInterval(draw, 1000);
    this.ticker.unref();
  }

  /** Clears the status line so the summary or the errors start on a clean line. */
  finish(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.draw('');
  }

  private draw(text: string): void {
    const width = (this.stream.columns ?? 80) - 1;
    this.stream.write(`\r${text.slice(0, width).padEnd(width)}\r`);
  }
}
