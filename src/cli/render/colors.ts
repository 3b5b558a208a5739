// Terminal colours through picocolors, on only for a TTY and never with NO_COLOR.
import pc from 'picocolors';

/** The colour functions the renderers use; plain identity functions when colours are off. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Colours for a stream: on only when it is a TTY and `NO_COLOR` is unset or empty.
 * @example const c = colorsFor(process.stdout, process.env); c.green('ok')
 */
export function colorsFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): Colors {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return pc.createColors(stream.isTTY === true && !noColor);
}
