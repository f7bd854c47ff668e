/**
 * GOLD's fast player (GameDefinition.fastPlayer): the SAME engine functions and the SAME bot
 * objects as `playGame`, driven in a tight loop on one reused state, producing a reused
 * `FlatRecord` — no second rules implementation. What it saves over the generic driver: the
 * pending/answer objects, the per-game state allocation and the `Asked` wrappers.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import type { GoldBot } from './bot.js';
import { decide, isLegal, reset, rushTurnNow, setup, turnCard } from './engine.js';
import type { GoldConfig } from './params.js';
import { recordFromArrays } from './record.js';
import { Stage, type GoldState } from './state.js';

interface MutableFlat {
  players: number;
  rounds: number;
  ending: number;
  winners: number[];
  winnerCount: number;
  scores: number[];
  initialScores: number[];
  curve: number[];
  cards: number[];
  cardCount: number;
  roundCounters: number[];
  counters: number[][];
}

class GoldFastPlayer implements FastPlayer {
  bailouts = 0;
  private state: GoldState | null = null;
  private readonly flat: MutableFlat;
  private readonly bots: GoldBot[] = [];

  constructor(
    private readonly config: GoldConfig,
    private readonly players: number,
    private readonly factories: readonly BotFactory<GoldBot>[],
  ) {
    this.flat = {
      players,
      rounds: 0,
      ending: 0,
      winners: new Array<number>(players).fill(0),
      winnerCount: 0,
      scores: new Array<number>(players).fill(0),
      initialScores: new Array<number>(players).fill(0),
      curve: [],
      cards: [],
      cardCount: 0,
      roundCounters: [],
      counters: [],
    };
  }

  play(seed: string, index: number): FlatRecord | null {
    const random = new RandomSource(seed, index);
    let s = this.state;
    if (s === null) s = this.state = setup(this.config, this.players, random);
    else reset(s, random);
    const bots = this.bots;
    // The bots as playOne (sim/run.ts) makes them: fresh per game, seeded from their own streams.
    for (let seat = 0; seat < this.players; seat++) bots[seat] = this.factories[seat].create(seat, random.stream(Purpose.bot + seat));
    const views = s.views;
    while (s.stage !== Stage.over) {
      const seat = s.active;
      const kind = s.stage === Stage.second ? 1 : rushTurnNow(s) ? 2 : 0;
      let position: unknown;
      try {
        position = decide(bots[seat], kind, views[seat]);
      } catch {
        position = -1;
      }
      if (!isLegal(s, position)) {
        // A throw or an illegal answer is a fault, which the driver records: hand the game back.
        this.bailouts++;
        return null;
      }
      turnCard(s, position, random);
    }
    const flat = this.flat;
    flat.rounds = s.turn;
    flat.ending = s.ending;
    for (let k = 0; k < s.winnerCount; k++) flat.winners[k] = s.winners[k];
    flat.winnerCount = s.winnerCount;
    for (let seat = 0; seat < this.players; seat++) flat.scores[seat] = s.seriesScore[seat];
    flat.curve = s.curve;
    flat.roundCounters = s.roundCounters;
    flat.counters = s.counters;
    return flat;
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return recordFromArrays(flat.players, flat.rounds, flat.ending, flat.winners, flat.winnerCount, flat.scores, flat.curve, flat.roundCounters, flat.counters);
  }
}

export function fastPlayer(config: GoldConfig, players: number, bots: readonly BotFactory<GoldBot>[]): FastPlayer {
  return new GoldFastPlayer(config, players, bots);
}
