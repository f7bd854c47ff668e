// Bots that replay recorded answers, to time the fast player without its bots (the engine's own
// cost): `recordTapes` plays games with the scenario's bots, every answer recorded per seat (a
// meeting turn's messages as the outbox holds them); the `TapeBot`s then give the same answers in
// the same order, so a player built with them replays the very same games. Used by bench.mjs (its
// split of a game into engine and bots) and bench-ab.mjs (`--engine tape`). For Goldrausch builds
// from issue 29 on (one engine, the outbox API).

/** The fields of one message on the tape. */
const MESSAGE = 9;

/** Plays games 0…games−1 of `seed` on a player whose bots record; returns one TapeBot per seat and the bot calls made. */
export function recordTapes(Player, scenario, games, seed) {
  const seats = scenario.players;
  const tapes = Array.from({ length: seats }, () => []);
  const shapes = Array.from({ length: seats }, () => ({ idleWake: undefined, idle: false }));
  let calls = 0;
  const recording = (factory, tape, shape) => ({
    name: factory.name,
    description: factory.description,
    create(seat, random) {
      const bot = factory.create(seat, random);
      shape.idleWake = bot.idleWake;
      shape.idle = typeof bot.idleUntil === 'function';
      const out = {
        idleWake: bot.idleWake,
        chooseContinent: (v) => {
          calls++;
          const r = bot.chooseContinent(v);
          tape.push(r);
          return r;
        },
        negotiate: (v, box) => {
          calls++;
          bot.negotiate(v, box);
          tape.push(box.count);
          for (let k = 0; k < box.count; k++) {
            const m = box.message(k);
            tape.push(
              m.type,
              m.upgrader,
              m.ref,
              m.action,
              m.continent,
              m.to,
              m.amount,
              m.clauseCount > 0 ? m.clauseRounds[0] : 0,
              m.clauseCount > 0 ? m.clauseUpgraders[0] : 0,
            );
          }
        },
        commitUpgrade: (v) => {
          calls++;
          const r = bot.commitUpgrade(v);
          tape.push(r);
          return r;
        },
      };
      if (bot.idleUntil) {
        out.idleUntil = (v) => {
          calls++;
          const r = bot.idleUntil(v);
          tape.push(r);
          return r;
        };
      }
      return out;
    },
  });
  const recorder = new Player(
    scenario.config,
    seats,
    scenario.bots.map((f, s) => recording(f, tapes[s], shapes[s])),
  );
  for (let g = 0; g < games; g++) recorder.play(seed, g);
  return { bots: shapes.map((shape, s) => new TapeBot(tapes[s], shape.idleWake, shape.idle)), calls };
}

/** One seat's recorded answers; `rewind()` before replaying the recorded games again. As a factory, it makes itself. */
export class TapeBot {
  constructor(tape, idleWake, idle) {
    this.tape = Int32Array.from(tape);
    this.at = 0;
    this.idleWake = idleWake;
    this.name = 'tape';
    this.description = 'replays recorded answers';
    if (!idle) this.idleUntil = undefined;
  }
  rewind() {
    this.at = 0;
  }
  create() {
    return this;
  }
  chooseContinent() {
    return this.tape[this.at++];
  }
  negotiate(_v, out) {
    const t = this.tape;
    const count = t[this.at++];
    for (let k = 0; k < count; k++) {
      const at = this.at;
      this.at += MESSAGE;
      switch (t[at]) {
        case 1:
          out.propose(
            t[at + 1],
            t[at + 4] >= 0 || t[at + 7] !== 0
              ? { continent: t[at + 4], next: t[at + 7] !== 0 ? [{ round: t[at + 7], upgrader: t[at + 8] }] : undefined }
              : undefined,
          );
          break;
        case 2:
          out.accept(t[at + 2]);
          break;
        case 4:
          out.reject(t[at + 2]);
          break;
        case 8:
          out.promise(t[at + 3], t[at + 2]);
          break;
        case 16:
          out.pass();
          break;
        default:
          out.gift(t[at + 5], t[at + 6]);
      }
    }
  }
  commitUpgrade() {
    return this.tape[this.at++];
  }
  idleUntil() {
    return this.tape[this.at++];
  }
}

/** The decision methods of a bot: every function-valued property, its own and its classes' (not the constructor). */
function methodNames(bot) {
  const names = new Set();
  for (let o = bot; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Object.getOwnPropertyNames(o)) if (key !== 'constructor' && typeof bot[key] === 'function') names.add(key);
  }
  return [...names];
}

/**
 * Answer tapes for the games whose bots answer by their return value alone (GOLD, My Gold Mine,
 * Green Deal): plays games 0…games−1 of `seed` on the scenario's fast player with its bots, every
 * returned answer recorded per seat (a returned list copied: bots may reuse theirs). `replay` are
 * factories of bots that return those answers in the same order, so a fast player built with them
 * replays the very same games without the bots' work; `rewind()` before each replay, `consumed()`
 * says whether the last replay read every tape to its end.
 */
export function recordAnswerTapes(scenario, games, seed) {
  const seats = scenario.players;
  const tapes = Array.from({ length: seats }, () => []);
  const at = new Array(seats).fill(0);
  const methods = new Array(seats).fill(null);
  const recording = scenario.bots.map((factory, seat) => ({
    name: factory.name,
    description: factory.description,
    create(s, random) {
      const bot = factory.create(s, random);
      const out = { name: bot.name };
      methods[seat] ??= methodNames(bot);
      for (const key of methods[seat]) {
        out[key] = (...args) => {
          const answer = bot[key](...args);
          tapes[seat].push(Array.isArray(answer) ? answer.slice() : answer);
          return answer;
        };
      }
      return out;
    },
  }));
  const recorder = scenario.definition.fastPlayer(scenario.config, seats, recording);
  if (recorder === null) throw new Error(`${scenario.name}: no fast player for this line-up`);
  for (let g = 0; g < games; g++) if (recorder.play(seed, g) === null) throw new Error(`${scenario.name}: game ${g} left the fast player`);
  const replay = scenario.bots.map((factory, seat) => ({
    name: factory.name,
    description: 'replays recorded answers',
    create() {
      const tape = tapes[seat];
      const answer = () => tape[at[seat]++];
      const out = { name: 'tape' };
      for (const key of methods[seat]) out[key] = answer;
      return out;
    },
  }));
  return {
    replay,
    calls: tapes.reduce((n, t) => n + t.length, 0),
    rewind: () => at.fill(0),
    consumed: () => tapes.every((t, s) => at[s] === t.length),
  };
}
