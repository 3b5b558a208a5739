// A one-line spinner for a TTY. Written on Node's readline cursor helpers rather than a
// spinner package: the packages we checked install their own SIGINT handlers that exit the
// process at once, which would skip the cancel-and-persist path the CLI promises.
import { clearLine, cursorTo } from 'node:readline';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const INTERVAL_MS = 80;

/** A spinner line that can be hidden while other lines are written. */
export class Spinner {
  readonly #stream: NodeJS.WritableStream;
  readonly #paint: (frame: string) => string;
  #text = '';
  #frame = 0;
  #timer: NodeJS.Timeout | undefined;
  #shown = false;

  /**
   * @example new Spinner(process.stderr, (frame) => frame).start('running shell')
   */
  constructor(stream: NodeJS.WritableStream, paint: (frame: string) => string) {
    this.#stream = stream;
    this.#paint = paint;
  }

  /**
   * Shows the spinner with this text from the next frame on (or updates the text if it spins):
   * a call that turns out to need approval stops it before anything is drawn.
   */
  start(text: string): void {
    this.#text = text;
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => this.#render(), INTERVAL_MS);
      this.#timer.unref();
    } else if (this.#shown) {
      this.#render();
    }
  }

  /** Removes the line and stops spinning. */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.hide();
  }

  get spinning(): boolean {
    return this.#timer !== undefined;
  }

  /** Clears the line so something else can be written; the next frame draws it again. */
  hide(): void {
    if (!this.#shown) return;
    clearLine(this.#stream, 0);
    cursorTo(this.#stream, 0);
    this.#shown = false;
  }

  #render(): void {
    this.hide();
    this.#frame = (this.#frame + 1) % FRAMES.length;
    this.#stream.write(`${this.#paint(FRAMES[this.#frame]!)} ${this.#text}`);
    this.#shown = true;
  }
}
