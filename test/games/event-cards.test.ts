/**
 * Event cards as data (issue 18 item 1): a card's numbers and new cards of the shared effect kinds,
 * played by the engine (hand-computed) and by its fast player (the same records).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RandomSource } from '../../src/core/random.js';
import type { GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import { EVENT_CARDS, eventCardsOf, type EventCard, type EventEffect } from '../../src/games/goldrausch/cards.js';
import { EVENT_CARD_IDS } from '../../src/games/goldrausch/types.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { StatePlayer } from '../../src/games/goldrausch/player.js';
import { gameRecordOf } from '../../src/games/goldrausch/records.js';
import { historyOf, roundOf } from './goldrausch/helpers.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, resourceDeckFromFile, type GoldrauschConfig } from '../../src/games/goldrausch/params.js';
import { playOne, runRange } from '../../src/sim/run.js';
import { loadScenario, parseScenario } from '../../src/sim/scenario.js';
import { playGame } from '../../src/sim/play.js';
import { renderReport } from '../../src/report/html.js';
import { reportGameOf, summarize } from '../../src/report/summary.js';
import { inputErrorOf } from '../helpers/errors.js';
import { scripted, type Script } from '../helpers/scripted.js';

const changed = (id: string, effect: EventEffect, afterUse?: EventCard['afterUse']): EventCard => {
  const c = EVENT_CARDS.find((e) => e.id === id)!;
  return { ...c, effect, afterUse: afterUse ?? c.afterUse };
};
const added = (number: number, id: string, effect: EventEffect, afterUse: EventCard['afterUse'] = 'discard'): EventCard => ({
  number,
  id,
  german: id,
  english: id,
  effect,
  afterUse,
});

/**
 * One resource card (respawn / extract per continent), a wheel that always shows an event, and an
 * event deck holding one copy of `event` from the card table `cards`.
 */
function configWith(cards: readonly EventCard[], event: string, opts: { rounds?: number; respawn?: number[]; extract?: number[] } = {}): GoldrauschConfig {
  const [ra, rr, rv] = opts.respawn ?? [3, 5, 8];
  const [ea, er, ev] = opts.extract ?? [3, 4, 6];
  const deck = resourceDeckFromFile({
    deck_id: 'test-one-card',
    source: 'test',
    cards: [{ id: 'T1', respawn: { azul: ra, rosso: rr, veridia: rv }, extract: { azul: ea, rosso: er, veridia: ev } }],
  });
  const wheel = { 'disaster-azul': 0, 'disaster-rosso': 0, 'disaster-veridia': 0, 'disaster-world': 0, calm: 0, event: 1 };
  const eventDeck = Object.fromEntries(cards.map((c) => [c.id, c.id === event ? 1 : 0]));
  return { rules: DEFAULT_RULES, params: { ...DEFAULT_PARAMS, rounds: opts.rounds ?? 1, resourceDeck: deck, wheel, eventDeck, eventCards: cards } };
}

// Seat 0 alone on azul upgrading; seats 1–3 on veridia, seat 1 the only upgrader there.
const SCRIPTS: Script[] = [
  { continents: ['azul'], colours: ['green'] },
  { continents: ['veridia'], colours: ['green'] },
  { continents: ['veridia'], colours: ['red'] },
  { continents: ['veridia'], colours: ['red'] },
];

function play(config: GoldrauschConfig, scripts: Script[] = SCRIPTS) {
  return playGame({ module: goldrausch, config, players: scripts.length, bots: scripts.map((s) => scripted(s)), random: new RandomSource('cards', 0) }).final;
}

describe('event cards as data: changed numbers', () => {
  it('pays a subsidy of 3 when the card says 3', () => {
    const cards = EVENT_CARDS.map((c) => (c.id === 'subsidy' ? changed('subsidy', { kind: 'subsidy', amount: 3 }) : c));
    const final = play(configWith(cards, 'subsidy'));
    expect(roundOf(final, 0).event).toBe('subsidy');
    expect(roundOf(final, 0).eventGold).toEqual([3, 3, 3, 3]);
  });

  it('cuts every cap by the cap-cut amount the card says, and keeps the card beside the clock', () => {
    const cards = EVENT_CARDS.map((c) => (c.id === 'barren-land' ? changed('barren-land', { kind: 'cap-cut', amount: 5 }) : c));
    const final = play(configWith(cards, 'barren-land', { rounds: 2 }));
    expect(final.capReduction).toBe(5);
    expect(Array.from(final.besideClock.subarray(0, final.besideLength)).map((slot) => final.eventIds[slot])).toEqual(['barren-land']);
  });

  it("takes the vulture's own losses from the richest, the poorest and the rest", () => {
    // Round 1: all gold equal (5) → everybody loses rules.vultureAllEqual = 3 → 2 each. Payout (extract
    // 3/4/6, stock 6/10/16): seat 0 sole upgrader on azul 6 → 8; seat 1 on veridia 12 → 14; of the
    // red seats 2 and 3 the first in order takes the last 4 → 6, the other nothing → 2.
    // Round 2: richest (seat 1, 14) loses 4, poorest (2) loses 2, the others (8 and 6) lose 1.
    const cards = EVENT_CARDS.map((c) => (c.id === 'vulture' ? changed('vulture', { kind: 'vulture', richest: 4, poorest: 2, others: 1 }) : c));
    const final = play(configWith(cards, 'vulture', { rounds: 2 }));
    const [r1, r2] = historyOf(final);
    expect(r1.eventGold).toEqual([-3, -3, -3, -3]);
    const firstRed = r1.payout[2] === 4 ? 2 : 3;
    const lastRed = firstRed === 2 ? 3 : 2;
    expect(r2.goldBefore[1]).toBe(14);
    const expected = [-1, -4, 0, 0];
    expected[firstRed] = -1;
    expected[lastRed] = -2;
    expect(r2.eventGold).toEqual(expected);
  });

  it('moves the country cards by the hurricane’s shift', () => {
    // shift 1: seat s gets the country card (and pawn) of seat s + 1, so seat 3 now stands on azul.
    const cards = EVENT_CARDS.map((c) => (c.id === 'hurricane' ? changed('hurricane', { kind: 'hurricane', shift: 1 }) : c));
    const final = play(configWith(cards, 'hurricane'));
    expect(roundOf(final, 0).finalLocations).toEqual([2, 2, 2, 0]);
  });
});

describe('event cards as data: new cards of the shared kinds', () => {
  it('a second shower on azul doubles azul’s base amount', () => {
    // Azul: respawn 10 → setup stock min(10, 2 × 10) = 10; extract 2, showered 4, sole upgrader doubles → 8.
    const cards = [...EVENT_CARDS, added(26, 'windfall-azul', { kind: 'shower', continent: 'azul', factor: 2 })];
    const final = play(configWith(cards, 'windfall-azul', { respawn: [10, 5, 8], extract: [2, 4, 6] }));
    expect(roundOf(final, 0).event).toBe('windfall-azul');
    expect(roundOf(final, 0).payout[0]).toBe(8);
    // Without it (a calm wheel) seat 0 gets the doubled plain extraction, 4.
    const calm = configWith(cards, 'windfall-azul', { respawn: [10, 5, 8], extract: [2, 4, 6] });
    const plain = play({ ...calm, params: { ...calm.params, wheel: { ...calm.params.wheel, event: 0, calm: 1 } } });
    expect(roundOf(plain, 0).payout[0]).toBe(4);
  });

  it('cuts the extraction as a new extraction card says: floor(e / 3) − 1', () => {
    // Azul 3 → 0 (seat 0 gets 0 doubled); veridia 6 → 1: seat 1 sole upgrader 2, the reds 1 each.
    const cards = [...EVENT_CARDS, added(26, 'deep-drought', { kind: 'extraction', divideBy: 3, minus: 1 })];
    const final = play(configWith(cards, 'deep-drought'));
    expect(roundOf(final, 0).payout).toEqual([0, 2, 1, 1]);
  });

  it('puts a card that stays for its round beside the clock, then onto the discard pile', () => {
    const cards = [...EVENT_CARDS, added(26, 'short-subsidy', { kind: 'subsidy', amount: 1 }, 'beside-clock-this-round')];
    const final = play(configWith(cards, 'short-subsidy', { rounds: 2 }));
    // Round 1: drawn, beside the clock, back on the discard pile at round end; round 2 reshuffles it in.
    expect(historyOf(final).map((r) => r.event)).toEqual(['short-subsidy', 'short-subsidy']);
    expect(roundOf(final, 0).eventGold).toEqual([1, 1, 1, 1]);
    expect(final.besideLength).toBe(0);
    expect(Array.from(final.eventDiscard.subarray(0, final.discardLength)).map((slot) => final.eventIds[slot])).toEqual(['short-subsidy']);
  });
});

describe('event cards as data: the fast player plays the generic driver’s games', () => {
  const NAMES = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent', 'opportunist'];
  // Every numeric field changed, and one new card of each kind that has numbers, several copies each.
  const cards: EventCard[] = EVENT_CARDS.map((c) => {
    const e = c.effect;
    switch (e.kind) {
      case 'shower':
        return changed(c.id, { ...e, factor: 3 });
      case 'extraction':
        return changed(c.id, { kind: 'extraction', divideBy: e.divideBy + 1, minus: e.minus + 1 });
      case 'cap-cut':
        return changed(c.id, { kind: 'cap-cut', amount: e.amount + 1 });
      case 'vulture':
        return changed(c.id, { kind: 'vulture', richest: 6, poorest: 0, others: 2 });
      case 'subsidy':
        return changed(c.id, { kind: 'subsidy', amount: 4 }, 'beside-clock-this-round');
      case 'hurricane':
        return changed(c.id, { kind: 'hurricane', shift: 3 });
      default:
        return c;
    }
  });
  cards.push(
    added(26, 'windfall-azul', { kind: 'shower', continent: 'azul', factor: 2 }),
    added(27, 'landslide', { kind: 'cap-cut', amount: 1 }, 'beside-clock'),
    added(28, 'tax', { kind: 'vulture', richest: 2, poorest: 2, others: 2 }),
    added(29, 'storm', { kind: 'hurricane', shift: 1 }),
    added(30, 'thin-vein', { kind: 'extraction', divideBy: 1, minus: 1 }),
  );
  const eventDeck = Object.fromEntries(cards.map((c, i) => [c.id, 1 + (i % 3)]));

  for (const players of [4, 5]) {
    it(`the same records, ${players} players`, () => {
      const kernels = new Map<string, StatePlayer>();
      let newDrawn = 0;
      for (let g = 0; g < 40; g++) {
        const seats = Array.from({ length: players }, (_, s) => NAMES[(s + g) % NAMES.length]);
        const scenario = parseScenario('/tmp/cards.json', { name: 'cards', players, seats, seed: 'cards-kernel', params: { rounds: 14, winThreshold: 80 } });
        const base = scenario.config as GoldrauschConfig;
        const wheel = { ...base.params.wheel, event: 8 };
        const config: GoldrauschConfig = { ...base, params: { ...base.params, wheel, eventDeck, eventCards: cards } };
        const key = seats.join();
        let kernel = kernels.get(key);
        if (!kernel) {
          kernels.set(key, (kernel = new StatePlayer(config, players, scenario.bots as GoldrauschBotFactory[])));
        }
        const played = playOne(scenario, g, { seed: scenario.seed, config });
        const reference = scenario.definition.record(played.final);
        expect(gameRecordOf(kernel.play(scenario.seed, g)!), `game ${g}`).toEqual(reference);
        newDrawn += reference.cardsDrawn.filter((d) => d.card >= EVENT_CARDS.length).length;
      }
      expect(newDrawn).toBeGreaterThan(10); // the new cards were played, by their index after the built-in 25
    });
  }
});

describe('the scenario section eventCards', () => {
  const base = { players: 4, seats: ['greedy', 'greedy', 'cooperative', 'cooperative'] };
  const parse = (extra: Record<string, unknown>) => parseScenario('/tmp/cards-scenario.json', { ...base, ...extra });
  const cardsOf = (extra: Record<string, unknown>) => eventCardsOf((parse(extra).config as GoldrauschConfig).params);
  const cardOf = (extra: Record<string, unknown>, id: string) => cardsOf(extra).find((c) => c.id === id)!;

  it("changes a built-in card's numbers and keeps the rest of it", () => {
    const subsidy = cardOf({ eventCards: { subsidy: { amount: 3 } } }, 'subsidy');
    expect(subsidy).toEqual({ ...EVENT_CARDS.find((c) => c.id === 'subsidy')!, effect: { kind: 'subsidy', amount: 3 } });
  });

  it('adds a new card after the built-in 25, once unless params.eventDeck says otherwise', () => {
    const one = parse({ eventCards: { 'windfall-azul': { kind: 'shower', continent: 'azul' } } });
    const params = (one.config as GoldrauschConfig).params;
    const cards = eventCardsOf(params);
    expect(cards.map((c) => c.id)).toEqual([...EVENT_CARD_IDS, 'windfall-azul']);
    expect(cards[25]).toEqual({
      number: 26,
      id: 'windfall-azul',
      german: 'windfall-azul',
      english: 'windfall-azul',
      effect: { kind: 'shower', continent: 'azul', factor: 2 },
      afterUse: 'discard',
    });
    expect(params.eventDeck['windfall-azul']).toBe(1);
    const three = parse({ eventCards: { 'windfall-azul': { kind: 'shower', continent: 'azul' } }, params: { eventDeck: { 'windfall-azul': 3 } } });
    expect((three.config as GoldrauschConfig).params.eventDeck['windfall-azul']).toBe(3);
    // The report's chance cards and impact's card list follow the config.
    expect(one.definition.chanceCardsOf!(one.config)).toEqual([...EVENT_CARD_IDS, 'windfall-azul']);
  });

  it('keeps the config hash of a scenario whose section changes nothing, and changes it otherwise', () => {
    const plain = parse({}).configHash;
    expect(parse({ eventCards: {} }).configHash).toBe(plain);
    expect(parse({ eventCards: { subsidy: { amount: 2 }, hurricane: { shift: 2 } } }).configHash).toBe(plain);
    expect(parse({ eventCards: { subsidy: { amount: 3 } } }).configHash).not.toBe(plain);
  });

  it('keeps the recorded config hash of the committed baseline scenarios', () => {
    const baseline = JSON.parse(readFileSync('baselines/baseline.json', 'utf8')) as { scenarios: Record<string, { file: string; configHash: string }> };
    for (const entry of Object.values(baseline.scenarios)) expect(loadScenario(entry.file).configHash, entry.file).toBe(entry.configHash);
  });

  it('plays a changed card through the whole pipeline: the fast player and the generic driver agree', () => {
    const scenario = parse({
      eventCards: { subsidy: { amount: 5 }, 'windfall-azul': { kind: 'shower', continent: 'azul', factor: 3 } },
      params: { wheel: { ...DEFAULT_PARAMS.wheel, event: 10 } },
    });
    const fast = runRange(scenario, 0, 30, { seed: 'pipeline' });
    const reference = runRange(scenario, 0, 30, { seed: 'pipeline', engine: 'reference' });
    expect(fast).toEqual(reference);
  });

  it.each([
    [{ eventCards: { windfall: { kind: 'showers', continent: 'azul' } } }, 'eventCards.windfall.kind', /expected one of .*"shower"/],
    [{ eventCards: { windfall: { continent: 'azul' } } }, 'eventCards.windfall.kind', /a new card needs a kind .*expected one of fine-exemption, shower/],
    [{ eventCards: { windfall: { kind: 'shower' } } }, 'eventCards.windfall.continent', /a shower card needs continent: one of azul, rosso, veridia/],
    [{ eventCards: { subsidy: { amout: 3 } } }, 'eventCards.subsidy.amout', /did you mean "amount".*known keys: kind, name, german, afterUse, amount/],
    [{ eventCards: { subsidy: { amount: -1 } } }, 'eventCards.subsidy.amount', /-1/],
    [{ eventCards: { subsidy: { amount: 2.5 } } }, 'eventCards.subsidy.amount', /2\.5/],
    [{ eventCards: { 'barren-land': { afterUse: 'discard' } } }, 'eventCards.barren-land.afterUse', /expected "beside-clock"/],
    [
      { eventCards: { 'barren-land': { amount: 4 } }, params: { capCuts: { 'barren-land': 5 } } },
      'eventCards.barren-land.amount',
      /given twice .*params.capCuts/,
    ],
    [{ eventCards: { Windfall: { kind: 'subsidy' } } }, 'eventCards.Windfall', /lower-case letters/],
    [{ eventCards: { blank: { kind: 'subsidy' } } }, 'eventCards.blank', /reserved/],
    [{ eventCards: [] }, 'eventCards', /expected an object/],
    [{ params: { eventDeck: { windfall: 2 } } }, 'params.eventDeck.windfall', /unknown key; known keys: alms,/],
  ])('refuses %j, naming the file, the field and what is allowed', (extra, field, problem) => {
    const e = inputErrorOf(() => parse(extra));
    expect(e.file).toBe('/tmp/cards-scenario.json');
    expect(e.field).toBe(field);
    expect(e.problem).toMatch(problem);
  });

  it('names the changed and new cards for the report (run facts)', () => {
    const scenario = parse({
      eventCards: { subsidy: { amount: 3 }, vulture: { kind: 'subsidy', amount: 1 }, 'windfall-azul': { kind: 'shower', continent: 'azul' } },
      params: { eventDeck: { 'windfall-azul': 2 }, capCuts: { 'poor-mother-earth': 4 } },
    });
    expect(scenario.definition.facts(scenario.config).changedCards).toEqual([
      'poor-mother-earth: amount 3 → 4',
      'vulture: now subsidy (amount 1) (was vulture (richest 5, poorest 1, others 3))',
      'subsidy: amount 2 → 3',
      'windfall-azul (new, #26, 2 copies): shower (continent azul, factor 2)',
    ]);
    expect(parse({}).definition.facts(parse({}).config).changedCards).toEqual([]);
  });
});

describe('the report names changed cards', () => {
  it('lists them in summary.json and on report.html, and draws new cards in the chance-card section', () => {
    const scenario = parseScenario('/tmp/cards-report.json', {
      players: 4,
      seats: ['greedy', 'greedy', 'cooperative', 'cooperative'],
      eventCards: { subsidy: { amount: 3 }, 'windfall-azul': { kind: 'shower', continent: 'azul', name: 'Azul Windfall' } },
      params: { wheel: { ...DEFAULT_PARAMS.wheel, event: 12 } },
    });
    const summary = summarize({ ...scenario, seed: 'report' }, runRange(scenario, 0, 60, { seed: 'report' }));
    expect(summary.changedCards).toEqual(['subsidy: amount 2 → 3', 'windfall-azul (new, #26, 1 copy): shower (continent azul, factor 2)']);
    expect(summary.chanceCards.map((c) => c.card)).toEqual([...EVENT_CARD_IDS, 'windfall-azul']);
    expect(summary.chanceCards.at(-1)!.draws).toBeGreaterThan(0);
    const html = renderReport(summary, null, null, reportGameOf(scenario.definition));
    expect(html).toContain('cards changed</dt><dd><ul class="rules cards-changed"><li>subsidy: amount 2 → 3</li><li>windfall-azul (new, #26, 1 copy)');
    // A scenario without card changes says nothing about cards (its summary is as before).
    const plain = parseScenario('/tmp/plain.json', { players: 4, seats: ['greedy', 'greedy', 'cooperative', 'cooperative'] });
    const plainSummary = summarize({ ...plain, seed: 'report' }, runRange(plain, 0, 5, { seed: 'report' }));
    expect('changedCards' in plainSummary).toBe(false);
    expect(renderReport(plainSummary, null, null, reportGameOf(plain.definition))).not.toContain('cards changed');
  });
});
