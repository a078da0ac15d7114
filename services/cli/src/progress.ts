import { inline } from "./terminal.ts";

/** A one-line progress bar on a TTY; silent elsewhere (CI logs, pipes) so output stays clean. */
export interface Progress {
  tick(label: string): void;
  done(): void;
}

export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const enabled = Boolean(stream.isTTY) && total > 1;
  let n = 0;
  const started = Date.now();
  return {
    tick(label) {
      n += 1;
      if (!enabled) return;
      const width = 30;
      const filled = Math.round((n / total) * width);
      const elapsed = (Date.now() - started) / 1000;
      const eta = n > 0 ? (elapsed / n) * (total - n) : 0;
      const safe = inline(label);
      const name = safe.length > 40 ? `…${safe.slice(-39)}` : safe;
      stream.write(
        `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${n}/${total} ${eta.toFixed(0)}s left  ${name.padEnd(40)}`,
      );
    },
    done() {
      if (enabled) stream.write("\r\x1b[2K");
    },
  };
}
