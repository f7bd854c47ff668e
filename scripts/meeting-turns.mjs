#!/usr/bin/env node
// What the meeting turns of a scenario's games are made of (for the idle-promise work, issue 3):
// `node scripts/meeting-turns.mjs [REPO_DIR] [--games 2000] [--scenario scenarios/baseline.json]`
// (REPO_DIR defaults to this repository; it must be built). Prints per game: transitions (apply
// calls), bot meeting turns, empty turns (no message, no card), the idle promises made, and the
// empty turns by what the same seat did in its previous turn of the round (its message types,
// CARD, or "first"). Each bot sits behind a wrapper that forwards every method it has (the
// messages read from the outbox after its negotiate), so the engine skips the same turns as
// without the wrapper. Goldrausch builds from issue 29 on (the outbox API).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: 'string', default: '2000' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
  },
});
const repo = resolve(positionals[0] ?? '.');
const games = Number(values.games);
const { loadScenario } = await import(`${repo}/dist/src/sim/scenario.js`);
const { playOne } = await import(`${repo}/dist/src/sim/run.js`);
const { MSG_ACCEPT, MSG_GIFT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NONE } = await import(`${repo}/dist/src/games/goldrausch/bot.js`);
const TYPE_NAMES = {
  [MSG_PROPOSE]: 'PROPOSE',
  [MSG_ACCEPT]: 'ACCEPT',
  [MSG_REJECT]: 'REJECT',
  [MSG_PROMISE]: 'PROMISE',
  [MSG_PASS]: 'PASS',
  [MSG_GIFT]: 'GIFT',
};
const scenario = loadScenario(resolve(repo, values.scenario));

const totals = { transitions: 0, turns: 0, empty: 0, promisesAfterEmpty: 0 };
const emptyAfter = new Map(); // "bot | previous turn" → empty turns
const finishers = []; // per seat: records the seat's last turn (called before its next turn and at the end of a game)

function wrap(factory, seat) {
  return {
    ...factory,
    create(s, random) {
      const bot = factory.create(s, random);
      let turn = null; // this seat's current turn: { round, types, card }
      let previous = null; // its last finished turn: { round, kind }
      const finish = () => {
        if (turn === null) return;
        const kind = [...turn.types, ...(turn.card !== null ? ['CARD'] : [])].join('+') || 'empty';
        totals.turns++;
        if (kind === 'empty') {
          totals.empty++;
          const key = `${factory.name} | after ${previous !== null && previous.round === turn.round ? previous.kind : 'first'}`;
          emptyAfter.set(key, (emptyAfter.get(key) ?? 0) + 1);
        }
        previous = { round: turn.round, kind };
        turn = null;
      };
      finishers[seat] = () => {
        finish();
        previous = null;
      };
      const w = {
        idleWake: bot.idleWake,
        chooseContinent: (view) => bot.chooseContinent(view),
        negotiate(view, out) {
          finish();
          const returned = bot.negotiate(view, out);
          // The messages this turn wrote, by name (the outbox holds them until the engine reads them).
          const types = [];
          for (let k = 0; k < out.count; k++) types.push(TYPE_NAMES[out.message(k).type] ?? String(out.message(k).type));
          turn = { round: view.round, types, card: null };
          return returned;
        },
        commitUpgrade(view) {
          const card = bot.commitUpgrade(view);
          turn.card = card !== NONE ? card : null;
          return card;
        },
      };
      if (bot.provisionalUpgrade) w.provisionalUpgrade = (view) => bot.provisionalUpgrade(view);
      if (bot.idleUntil)
        w.idleUntil = (view) => {
          const t = bot.idleUntil(view);
          if (Number.isInteger(t) && t > view.tick) totals.promisesAfterEmpty++;
          return t;
        };
      return w;
    },
  };
}

const wrapped = { ...scenario, bots: scenario.bots.map(wrap) };
const onState = () => totals.transitions++; // also called once for the set-up state (subtracted below)
for (let i = 0; i < games; i++) {
  playOne(wrapped, i, { seed: scenario.seed, onState });
  for (const f of finishers) f();
}
totals.transitions -= games;
const per = (x) => (x / games).toFixed(2);
console.log(`${scenario.name}, ${games} games (${repo}), per game:`);
console.log(`  transitions ${per(totals.transitions)}, meeting turns ${per(totals.turns)}, empty turns ${per(totals.empty)}`);
console.log(`  idle promises (made after an empty turn) ${per(totals.promisesAfterEmpty)}`);
console.log("  empty turns by the same seat's previous turn in the round:");
for (const [key, n] of [...emptyAfter].sort((a, b) => b[1] - a[1])) console.log(`    ${per(n).padStart(6)}  ${key}`);
