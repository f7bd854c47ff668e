/**
 * Colour on a terminal, none when the stream is piped or redirected, with `NO_COLOR` set
 * (https://no-color.org) or on a `TERM=dumb` terminal; `FORCE_COLOR` (not 0) turns it on anyway.
 */
export interface Colours {
  readonly on: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  bold(text: string): string;
}

export function colourOn(isTty: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTty && env.TERM !== 'dumb';
}

export function colours(isTty: boolean, env: NodeJS.ProcessEnv = process.env): Colours {
  const on = colourOn(isTty, env);
  const sgr = (open: number, close: number) => (text: string) => (on ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return { on, red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), bold: sgr(1, 22) };
}
