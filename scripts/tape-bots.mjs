// Bots that replay recorded answers, to time the fast kernel without its bots (the engine's own
// cost): `recordTapes` plays games with the scenario's fast bots, every answer recorded per seat;
// the `TapeBot`s then give the same answers in the same order (an array read per call), so a
// kernel built with them replays the very same games. Used by bench.mjs (its split of a game into
// engine and bots) and bench-ab.mjs (`--engine tape`).

/** Plays games 0…games−1 of `key(g)` on a kernel whose bots record; returns one TapeBot per seat and the bot calls made. */
export function recordTapes(FastKernel, scenario, games, key) {
  const seats = scenario.players;
  const tapes = Array.from({ length: seats }, () => []);
  let calls = 0;
  const recording = (make, tape) => () => {
    const bot = make();
    return {
      idleWake: bot.idleWake,
      newGame: (seat, random) => bot.newGame(seat, random),
      chooseContinent: (v) => {
        calls++;
        const r = bot.chooseContinent(v);
        tape.push(r);
        return r;
      },
      negotiate: (v, out) => {
        calls++;
        const r = bot.negotiate(v, out);
        tape.push(r ? 1 : 0, out.type, out.upgrader, out.ref, out.action);
        return r;
      },
      commitUpgrade: (v) => {
        calls++;
        const r = bot.commitUpgrade(v);
        tape.push(r);
        return r;
      },
      idleUntil: (v) => {
        calls++;
        const r = bot.idleUntil(v);
        tape.push(r);
        return r;
      },
    };
  };
  const recorder = new FastKernel(
    scenario.config,
    seats,
    scenario.bots.map((f, s) => recording(f.fast, tapes[s])),
  );
  for (let g = 0; g < games; g++) recorder.play(key(g));
  return { bots: scenario.bots.map((f, s) => new TapeBot(tapes[s], f.fast().idleWake)), calls };
}

/** One seat's recorded answers; `rewind()` before replaying the recorded games again. */
export class TapeBot {
  constructor(tape, idleWake) {
    this.tape = Int32Array.from(tape);
    this.at = 0;
    this.idleWake = idleWake;
  }
  rewind() {
    this.at = 0;
  }
  newGame() {}
  chooseContinent() {
    return this.tape[this.at++];
  }
  negotiate(_v, out) {
    const t = this.tape;
    const at = this.at;
    this.at = at + 5;
    out.type = t[at + 1];
    out.upgrader = t[at + 2];
    out.ref = t[at + 3];
    out.action = t[at + 4];
    return t[at] === 1;
  }
  commitUpgrade() {
    return this.tape[this.at++];
  }
  idleUntil() {
    return this.tape[this.at++];
  }
}
