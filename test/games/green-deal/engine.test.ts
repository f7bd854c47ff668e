import { describe, expect, it } from 'vitest';
import { BUILTIN_BOTS } from '../../../bots/green-deal/index.js';
import { Purpose, RandomSource } from '../../../src/core/random.js';
import type { BotFactory } from '../../../src/core/definition.js';
import type { GreenDealBot } from '../../../src/games/green-deal/bot.js';
import { parseGreenDealConfig } from '../../../src/games/green-deal/config.js';
import { greenDealDefinition, withBlankedCard } from '../../../src/games/green-deal/definition.js';
import { greenDeal } from '../../../src/games/green-deal/engine.js';
import { canInvest } from '../../../src/games/green-deal/rules.js';
import { fastPlayer } from '../../../src/games/green-deal/fast.js';
import * as M from '../../../src/games/green-deal/metrics.js';
import { DEFAULT_CONFIG } from '../../../src/games/green-deal/params.js';
import { record } from '../../../src/games/green-deal/record.js';
import { DONE, END_TURN, type GreenDealState, LOAN_SLOTS, NC, OVER, tablesOf } from '../../../src/games/green-deal/state.js';
import type { GreenDealView } from '../../../src/games/green-deal/view.js';
import { factories, imageDrift, LINEUPS, OPTION_SETS, playGeneric, where } from './helpers.js';

/** The rules invariants of a state between decisions. */
function invariants(s: GreenDealState): string[] {
  const problems: string[] = [];
  const c = s.config.params.components;
  const t = s.tables;
  const P = s.players;
  let chips = s.prSupply;
  let tiles = 0;
  for (let seat = 0; seat < P; seat++) {
    if (s.cash[seat] < 0) problems.push(`seat ${seat} cash ${s.cash[seat]} < 0`);
    if (s.income[seat] < 0 || s.income[seat] > c.incomeMax) problems.push(`seat ${seat} income ${s.income[seat]}`);
    for (let k = 0; k < NC; k++) if (s.track[seat * NC + k] < 0 || s.track[seat * NC + k] > c.trackLength) problems.push(`seat ${seat} track ${k}`);
    chips += s.chips[seat];
    tiles += s.tiles[seat];
    let loans = 0;
    for (let k = 0; k < LOAN_SLOTS; k++) if (s.loans[seat * LOAN_SLOTS + k] > 0) loans++;
    if (loans !== s.loanCount[seat] || loans > c.maxLoans) problems.push(`seat ${seat} loans ${loans} / count ${s.loanCount[seat]}`);
    if (s.counters[M.C_LOANS_TAKEN][seat] - s.counters[M.C_LOANS_REPAID][seat] !== loans) problems.push(`seat ${seat} loans taken − repaid ≠ held`);
  }
  if (chips !== c.prSupply[P - 3]) problems.push(`PR chips ${chips} ≠ supply ${c.prSupply[P - 3]}`);
  let occupied = 0;
  for (let cell = 0; cell < t.cells; cell++) if (s.owner[cell] >= 0) occupied++;
  if (occupied !== tiles) problems.push(`tiles ${tiles} ≠ occupied cells ${occupied}`);
  let categoryTiles = 0;
  for (let k = 0; k < NC; k++) categoryTiles += s.categoryTileCount[k];
  if (categoryTiles !== tiles) problems.push('category tile lists');
  for (let k = 0; k < NC; k++) {
    let n = s.sLen[k] - s.sPos[k] + s.sDiscardCount[k] + (s.sDisplay[k] >= 0 ? 1 : 0) + (s.sPreview[k] >= 0 ? 1 : 0);
    for (let seat = 0; seat < P; seat++) for (let type = 0; type < t.sustTypes; type++) if (t.sCat[type] === k) n += s.sustOwned[seat * t.sustTypes + type];
    if (n !== t.sCanon[k].length) problems.push(`category ${k}: ${n} cards ≠ ${t.sCanon[k].length}`);
  }
  let a = s.aLen - s.aPos + s.aDiscardCount;
  for (const x of s.aDisplay) if (x >= 0) a++;
  for (const x of s.aPreview) if (x >= 0) a++;
  for (let i = 0; i < P * t.actionTypes; i++) a += s.hand[i] + s.owned[i];
  if (a !== t.aCanon.length) problems.push(`action cards ${a} ≠ ${t.aCanon.length}`);
  return problems;
}

describe('Green Deal engine', () => {
  it('keeps the metric index constants equal to the metric lists', () => {
    const at = (list: readonly string[], i: number) => list[i];
    expect(at(M.COUNTERS, M.C_SUST)).toBe('sustainabilityCards');
    expect(at(M.COUNTERS, M.C_ACTION)).toBe('actionCards');
    expect(at(M.COUNTERS, M.C_TAX)).toBe('taxRefunds');
    expect(at(M.COUNTERS, M.C_LOANS_TAKEN)).toBe('loansTaken');
    expect(at(M.COUNTERS, M.C_LOANS_REPAID)).toBe('loansRepaid');
    expect(at(M.COUNTERS, M.C_PR_BOUGHT)).toBe('prChipsBought');
    expect(at(M.COUNTERS, M.C_PR_PLACES)).toBe('prPlacesWon');
    expect(at(M.COUNTERS, M.C_DIVIDENDS)).toBe('dividends');
    expect(at(M.COUNTERS, M.C_HAND_PLAYED)).toBe('handCardsPlayed');
    expect(at(M.COUNTERS, M.C_TILES)).toBe('tiles');
    expect(at(M.COUNTERS, M.C_COOPERATIONS)).toBe('cooperations');
    expect(at(M.COUNTERS, M.C_COMPETITIONS_WON)).toBe('competitionsWon');
    expect(at(M.COUNTERS, M.C_COMPETITIONS_LOST)).toBe('competitionsLost');
    expect(at(M.COUNTERS, M.C_BID_TOTAL)).toBe('bidTotal');
    expect(at(M.COUNTERS, M.C_FIRST)).toBe('firstInOrder');
    expect(at(M.COUNTERS, M.C_PR_VP)).toBe('prVp');
    expect(at(M.COUNTERS, M.C_SUST_VP)).toBe('sustainabilityVp');
    expect(at(M.COUNTERS, M.C_VALUATION_VP)).toBe('valuationVp');
    expect(at(M.COUNTERS, M.C_DIVIDEND_VP)).toBe('dividendVp');
    expect(at(M.COUNTERS, M.C_CARD_VP)).toBe('cardVp');
    expect(at(M.COUNTERS, M.C_LOAN_PENALTY)).toBe('loanPenalty');
    expect(at(M.COUNTERS, M.C_STAGE_FIRST)).toBe('weakestStageFirst');
    expect(at(M.COUNTERS, M.C_STAGE_LAST)).toBe('weakestStageLast');
    expect(at(M.COUNTERS, M.C_INCOME_20)).toBe('income20');
    expect(at(M.COUNTERS, M.C_FINAL_INCOME)).toBe('finalIncome');
    expect(at(M.COUNTERS, M.C_FINAL_CASH)).toBe('finalCash');
    const rounds = [
      M.R_BIDS,
      M.R_SUST,
      M.R_ACTION,
      M.R_TAX,
      M.R_LOANS_TAKEN,
      M.R_LOANS_REPAID,
      M.R_PR_BOUGHT,
      M.R_DIVIDENDS,
      M.R_HAND_PLAYED,
      M.R_TILES,
      M.R_COOPERATIONS,
      M.R_COMPETITIONS,
      M.R_INCOME,
      M.R_CASH,
    ];
    expect(rounds.map((i) => M.ROUND_COUNTERS[i])).toEqual(M.ROUND_COUNTERS);
    expect([M.ENDING_VP, M.ENDING_INCOME, M.ENDING_CASH, M.ENDING_SHARED].map((i) => M.ENDINGS[i])).toEqual(['vp', 'income', 'cash', 'shared']);
  });

  it('gives the fast player the same records as the generic driver, over player counts and rules options', () => {
    for (const config of OPTION_SETS) {
      for (const p of [3, 4, 5]) {
        const player = fastPlayer(config, p, factories(p))!;
        for (let i = 0; i < 25; i++) {
          const flat = player.play('lockstep', i);
          expect(flat).not.toBeNull();
          expect(player.gameRecord(flat!)).toEqual(record(playGeneric(config, p, 'lockstep', i).final));
        }
      }
    }
  });

  it('hands a game back when a bot throws or answers illegally, and plays the next games on the reused state as the driver does', () => {
    // Seat 0 is greedy, but in its 2nd game it throws at its third bid and in its 4th game it names
    // an occupied cell; every other game it plays exactly as greedy.
    const base = factories(4);
    let games = 0;
    const faulty: BotFactory<GreenDealBot> = {
      name: 'faulty',
      description: 'greedy with two planted faults',
      create(seat, random) {
        const bot = base[0].create(seat, random);
        const game = games++;
        let bids = 0;
        return {
          name: 'faulty',
          bid: (view) => {
            if (game === 1 && ++bids === 3) throw new Error('planted');
            return bot.bid(view);
          },
          invest: (view) => bot.invest(view),
          place: (view) => (game === 3 && view.placedTiles > 0 ? view.placedTileAt(0) : bot.place(view)),
          compete: (view) => bot.compete(view),
          allocate: (view) => bot.allocate(view),
          repay: (view) => bot.repay(view),
        };
      },
    };
    const player = fastPlayer(DEFAULT_CONFIG, 4, [faulty, ...base.slice(1)])!;
    for (let i = 0; i < 6; i++) {
      const flat = player.play('faults', i);
      if (i === 1 || i === 3) expect(flat, `game ${i}`).toBeNull();
      else expect(player.gameRecord(flat!), `game ${i}`).toEqual(record(playGeneric(DEFAULT_CONFIG, 4, 'faults', i).final));
    }
    expect(player.bailouts).toBe(2);
  });

  it('takes an investment step its view just found legal without a second check, and only that step', () => {
    /** A bot's investment that asks its view about `step`, then answers `answer`. */
    const checkedThen = (view: GreenDealView, step: number, answer: number): number => {
      expect(view.canInvest(step)).toBe(true);
      return answer;
    };
    const random = new RandomSource('checked', 2);
    const state = greenDeal.setup(DEFAULT_CONFIG, 4, random);
    const bots = factories(4).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
    const steps: number[] = [];
    let checked = 0;
    while (state.stage !== OVER) {
      const pending = greenDeal.pending(state);
      if (pending.kind === 'terminal') break;
      const request = pending.requests[0];
      if (request.kind === 'invest') {
        const view = greenDeal.seatView(state, request.seat);
        const n = view.investSteps(steps);
        const step = steps[n - 1];
        // An illegal code after a legal check is refused; the checked step, with or without END_TURN, is taken.
        let illegal = 1;
        while (canInvest(state, request.seat, illegal)) illegal++;
        const refuse = greenDeal.askBot({ ...bots[request.seat], invest: (v: GreenDealView) => checkedThen(v, step, illegal) }, request, view, state, random);
        expect(refuse.fault?.reason).toBe('illegal');
        if (step !== DONE) {
          const take = greenDeal.askBot(
            { ...bots[request.seat], invest: (v: GreenDealView) => checkedThen(v, step, step + END_TURN) },
            request,
            view,
            state,
            random,
          );
          expect(take).toEqual({ answer: step + END_TURN });
          expect(state.investChecked).toBe(step);
          checked++;
        }
      }
      const answers = pending.requests.map((r) => greenDeal.askBot(bots[r.seat], r, greenDeal.seatView(state, r.seat), state, random).answer);
      greenDeal.apply(state, answers);
      expect(state.investChecked).toBe(-1);
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is a pure function of (config, seed, index, line-up): 400 games on one engine, then replays on fresh ones', () => {
    const player = fastPlayer(DEFAULT_CONFIG, 4, factories(4))!;
    const records = [];
    for (let i = 0; i < 400; i++) records.push(player.gameRecord(player.play('pure', i)!));
    for (const i of [0, 137, 399])
      expect(fastPlayer(DEFAULT_CONFIG, 4, factories(4))!.gameRecord(fastPlayer(DEFAULT_CONFIG, 4, factories(4))!.play('pure', i)!)).toEqual(records[i]);
    // Different seeds give different games.
    expect(records[0]).not.toEqual(records[1]);
  });

  it('plays the same games when every view is deep-frozen (no write through a view; engine arrays untouched)', () => {
    for (let i = 0; i < 30; i++) {
      const a = playGeneric(DEFAULT_CONFIG, 4, 'frozen', i);
      const b = playGeneric(DEFAULT_CONFIG, 4, 'frozen', i, { freeze: true });
      expect(record(b.final)).toEqual(record(a.final));
    }
  });

  it('keeps the invariants after every decision: no negative cash, income within 0–16, chips and cards conserved, one tile per occupied cell', () => {
    for (const config of OPTION_SETS) {
      for (const p of [3, 4, 5]) {
        for (let i = 0; i < 15; i++) {
          const seen: string[] = [];
          playGeneric(config, p, 'invariants', i, { onState: (s) => seen.push(...invariants(s).map((x) => `round ${s.round}: ${x}`)) });
          expect(seen).toEqual([]);
        }
      }
    }
  });

  it("keeps each seat's image per category equal to track + image bonus + image kept after every decision", () => {
    let checked = 0;
    let kept = 0;
    for (const config of OPTION_SETS) {
      for (const p of [3, 4, 5]) {
        for (let i = 0; i < 10; i++) {
          const seen: string[] = [];
          playGeneric(config, p, 'image', i, {
            onState: (s) => {
              checked++;
              for (let at = 0; at < p * NC; at++) if (s.imageBonus[at] > 0 || s.permImage[at] > 0) kept++;
              seen.push(...imageDrift(s).map((x) => `round ${s.round}: ${x}`));
            },
          });
          expect(seen).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThan(10000);
    // The games reach image bonuses and kept image too (the check covers their writers).
    expect(kept).toBeGreaterThan(1000);
  });

  it('records every game over its rounds with an ending, winners and finishing positions', () => {
    for (const config of OPTION_SETS) {
      const game = playGeneric(config, 4, 'outcome', 3);
      const o = game.outcome;
      expect(o.length).toBe(config.params.components.rounds);
      expect(o.winners.length).toBeGreaterThan(0);
      for (const w of o.winners) expect(o.ranks[w]).toBe(0);
      expect(M.ENDINGS).toContain(o.endedBy);
      expect(o.endedBy === 'shared').toBe(o.winners.length > 1);
      const rec = record(game.final);
      expect(rec.curve).toHaveLength(config.params.components.rounds);
      expect(rec.curve.at(-1)).toEqual(o.scores);
    }
  });

  it('records faults and plays the rules fallback for bots that throw or answer illegally', () => {
    const bad: GreenDealBot = {
      name: 'bad',
      bid: () => 1e9,
      invest: () => {
        throw new Error('no plan');
      },
      place: () => -5,
      compete: () => 'yes' as unknown as boolean,
      allocate: () => [1, 2],
      repay: () => -1,
    };
    const random = new RandomSource('faults', 0);
    const bots = factories(4).map((f, s) => (s === 1 ? bad : f.create(s, random.stream(Purpose.bot + s))));
    const game = playGeneric(DEFAULT_CONFIG, 4, 'faults', 0, { bots });
    const kinds = new Set(game.faults.map((f) => `${f.request}:${f.reason}`));
    expect(kinds.has('bid:illegal')).toBe(true);
    expect(kinds.has('invest:threw')).toBe(true);
    expect(game.faults.every((f) => f.seat === 1)).toBe(true);
    expect(game.faults.find((f) => f.request === 'bid')?.message).toMatch(/expected an integer from 0 to \d+/);
    // The fallback: no bid, no investment, so the seat never buys a card and never places a tile.
    expect(game.final.counters[M.C_SUST][1]).toBe(0);
    expect(game.final.counters[M.C_BID_TOTAL][1]).toBe(0);
  });

  it('refuses a player count outside 3–5', () => {
    expect(() => greenDeal.setup(DEFAULT_CONFIG, 2, new RandomSource('x', 0))).toThrow(/3–5 players/);
    expect(() => greenDeal.setup(DEFAULT_CONFIG, 6, new RandomSource('x', 0))).toThrow(/3–5 players/);
  });

  it("replaces the first copy of an action card by a blank in the same pile position (impact's counterfactual)", () => {
    const blanked = withBlankedCard(DEFAULT_CONFIG, 3);
    const a = tablesOf(DEFAULT_CONFIG);
    const b = tablesOf(blanked);
    const at = a.aCanon.indexOf(3);
    expect(b.aCanon[at]).toBe(a.realActionTypes);
    expect(b.aCanon.filter((_x, i) => i !== at)).toEqual(a.aCanon.filter((_x, i) => i !== at));
    expect(b.aIds.at(-1)).toMatch(/→blank/);
    expect(b.aCost.at(-1)).toBe(0);
    expect(() => withBlankedCard(DEFAULT_CONFIG, 99)).toThrow(/no action card 99/);
  });

  it('plays the same game as dealt when the blanked card is never revealed, and pairs the rest', () => {
    const def = greenDealDefinition;
    const card = 0;
    const blanked = withBlankedCard(DEFAULT_CONFIG, card);
    let same = 0;
    let revealed = 0;
    for (let i = 0; i < 60; i++) {
      const dealt = record(playGeneric(DEFAULT_CONFIG, 4, 'impact', i).final);
      const other = record(playGeneric(blanked, 4, 'impact', i).final);
      if (dealt.cardsDrawn.some((d) => d.card === card)) revealed++;
      else {
        expect(other).toEqual(dealt);
        same++;
      }
    }
    expect(def.chanceCards[card]).toBe(DEFAULT_CONFIG.params.components.actionCards[card].id);
    expect(revealed).toBeGreaterThan(0);
    expect(same + revealed).toBe(60);
  });

  it('plays every built-in bot in every seat count without a fault', () => {
    for (const name of Object.keys(BUILTIN_BOTS)) {
      for (const p of [3, 5]) {
        const lineup = [...LINEUPS[p]];
        lineup[0] = name;
        const random = new RandomSource('bots', p);
        const bots = factories(p, lineup).map((f, s) => f.create(s, random.stream(Purpose.bot + s)));
        const game = playGeneric(DEFAULT_CONFIG, p, 'bots', p, { bots });
        expect(game.faults).toEqual([]);
      }
    }
  });
});

describe('Green Deal options and components', () => {
  it('reads every rules option with its default and refuses a typo with a hint', () => {
    expect(parseGreenDealConfig({}, where).rules.mainOptions).toBe('normalised');
    expect(parseGreenDealConfig({ rules: { sustainabilityLimit: 3 } }, where).rules.sustainabilityLimit).toBe(3);
    expect(() => parseGreenDealConfig({ rules: { loanPik: 'any' } }, where)).toThrow(/rules\.loanPik.*did you mean "loanPick"/);
    expect(() => parseGreenDealConfig({ rules: { sustainabilityLimit: 7 } }, where)).toThrow(
      /rules\.sustainabilityLimit.*expected one of "n-minus-1" \| 1 \| 2 \| 3 \| 4, got 7/,
    );
  });

  it('changes components from the scenario section, naming each change, and refuses bad ones by field', () => {
    const config = parseGreenDealConfig(
      {
        sections: {
          components: {
            pr: { price: 5 },
            track: { stages: { 0: { vp: 6 } } },
            actionCards: { subsidy: { cost: 2 }, audit: { cost: 1, timing: 'immediate', effects: [{ kind: 'vp', amount: 2 }] } },
          },
        },
      },
      where,
    );
    const c = config.params.components;
    expect(c.prPrice).toBe(5);
    expect(c.stageVp[0]).toBe(6);
    expect(c.actionCards.find((a) => a.id === 'subsidy')?.cost).toBe(2);
    expect(c.actionCards.at(-1)?.id).toBe('audit');
    expect(config.changedCards).toEqual([
      'track.stages[0].vp: 4 → 6',
      'pr.price: 3 → 5',
      'action card subsidy: cost 1 → 2',
      'action card audit (new): cost 1, timing "immediate", effects[0].kind "vp", effects[0].amount 2, count 1',
    ]);
    expect(() => parseGreenDealConfig({ sections: { components: { actionCards: { subsidy: { cost: -1 } } } } }, where)).toThrow(
      /field "components\.actionCards\.subsidy\.cost": expected an integer from 0 to 1000, got -1/,
    );
    expect(() => parseGreenDealConfig({ sections: { components: { pr: { prize: 2 } } } }, where)).toThrow(/components\.pr\.prize.*did you mean "price"/);
    expect(() =>
      parseGreenDealConfig(
        { sections: { components: { actionCards: { x: { cost: 1, timing: 'permanent', effects: [{ kind: 'cash', amount: 1 }] } } } } },
        where,
      ),
    ).toThrow(/a permanent card's effect kind is one of .*, got "cash" \(.*immediate \/ hand cards\)/);
    // A section that changes nothing is no change (the config hashes as before).
    expect(parseGreenDealConfig({ sections: { components: { pr: { price: 3 } } } }, where)).toEqual(parseGreenDealConfig({}, where));
  });

  it('refuses a map too small, start cells off the map or twice, and scoring rounds past the game', () => {
    const bad = (components: unknown) => () => parseGreenDealConfig({ sections: { components } }, where);
    expect(bad({ map: { width: 2 } })).toThrow(/components\.map\.width.*from 3 to 64, got 2/);
    expect(
      bad({
        map: {
          start: {
            3: [
              [0, 0],
              [0, 0],
              [1, 1],
            ],
          },
        },
      }),
    ).toThrow(/components\.map\.start\.3\[1\].*listed twice/);
    expect(bad({ map: { start: { 4: [[0, 0]] } } })).toThrow(/components\.map\.start\.4.*at least 4 start cells/);
    expect(bad({ rounds: { count: 5 } })).toThrow(/components\.rounds\.prScorings\[1\].*from 1 to 5, got 7/);
    expect(
      bad({
        track: {
          stages: [
            { at: 4, vp: 1 },
            { at: 2, vp: 2 },
          ],
        },
      }),
    ).toThrow(/components\.track\.stages\[1\]\.at.*ascending/);
  });

  it('marks the placeholder set as invented, and a set whose every section is sourced as not', () => {
    expect(DEFAULT_CONFIG.params.components.placeholder).toBe(true);
    expect(DEFAULT_CONFIG.params.components.id).toBe('green-deal/placeholder-v1');
    const sources = Object.fromEntries(
      [
        'rounds',
        'start',
        'auction',
        'income',
        'track',
        'pr',
        'valuation',
        'dividends',
        'loans',
        'taxRefund',
        'actionDisplay',
        'map',
        'sustainabilityCards',
        'actionCards',
      ].map((k) => [k, { source: 'publisher' }]),
    );
    const config = parseGreenDealConfig({ sections: { components: { id: 'mine', ...sources } } }, where);
    expect(config.params.components.placeholder).toBe(false);
    const facts = greenDealDefinition.facts(DEFAULT_CONFIG);
    expect(facts.dataIds).toEqual({ deckId: 'green-deal/placeholder-v1' });
    expect(greenDealDefinition.presentation.placeholders['green-deal/placeholder-v1']).toMatch(/placeholder/);
  });
});
