/** Colour on a terminal, none when piped, with NO_COLOR or TERM=dumb; FORCE_COLOR turns it on. */
import { describe, expect, it } from 'vitest';
import { colourOn, colours } from '../../src/cli/colour.js';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';

describe('colour', () => {
  it('is on for a terminal only, off with NO_COLOR or TERM=dumb, forced by FORCE_COLOR', () => {
    expect(colourOn(true, {})).toBe(true);
    expect(colourOn(false, {})).toBe(false);
    expect(colourOn(true, { NO_COLOR: '1' })).toBe(false);
    expect(colourOn(true, { NO_COLOR: '' })).toBe(true);
    expect(colourOn(true, { TERM: 'dumb' })).toBe(false);
    expect(colourOn(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourOn(true, { FORCE_COLOR: '0', NO_COLOR: '1' })).toBe(false);
    expect(colours(true, {}).red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(colours(false, {}).red('x')).toBe('x');
  });

  it('colours an error on a terminal and leaves it plain when piped', async () => {
    const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR, TERM: process.env.TERM };
    delete process.env.NO_COLOR;
    delete process.env.FORCE_COLOR;
    process.env.TERM = 'xterm';
    try {
      const tty = { ...capture(), errIsTty: true };
      let stderr = '';
      tty.err = (t) => void (stderr += t);
      expect(await runCli(['run', 'no-such.json'], tty)).toBe(2);
      expect(stderr.startsWith('\x1b[31mgoldpit:\x1b[39m ')).toBe(true);
      const piped = capture();
      expect(await runCli(['run', 'no-such.json'], piped)).toBe(2);
      expect(piped.stderr.startsWith('goldpit: ')).toBe(true);
      expect(piped.stderr).not.toContain('\x1b[');
      process.env.NO_COLOR = '1';
      stderr = '';
      expect(await runCli(['run', 'no-such.json'], tty)).toBe(2);
      expect(stderr).not.toContain('\x1b[');
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('colours verify’s PASS on a terminal stdout', async () => {
    const saved = { NO_COLOR: process.env.NO_COLOR, TERM: process.env.TERM };
    delete process.env.NO_COLOR;
    process.env.TERM = 'xterm';
    try {
      const io = { ...capture(), outIsTty: true };
      let stdout = '';
      io.out = (t) => void (stdout += t);
      expect(await runCli(['verify', 'fixtures/gold-knizia'], io)).toBe(0);
      expect(stdout).toContain('\x1b[32mPASS\x1b[39m ');
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
