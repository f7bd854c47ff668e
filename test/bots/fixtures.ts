/**
 * Hand-built Goldrausch views for bot tests, and a small phase-3 driver that plays one meeting the way
 * the engine does (random seat order per tick, one message per turn, proposal ids "r<round>-<A|R|V>-<n>",
 * an agreement once every player on the continent accepted, the sender's own messages not yet visible
 * to its commitUpgrade in the same turn).
 */
import { RandomSource } from '../../src/core/random.js';
import type { RandomStream } from '../../src/core/random.js';
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import { DEFAULT_PARAMS, DEFAULT_RULES } from '../../src/games/goldrausch/params.js';
import type { Agreement, Breach, Message, Proposal, RoundRecord } from '../../src/games/goldrausch/state.js';
import { CONTINENTS } from '../../src/games/goldrausch/types.js';
import type { Colour, ContinentIndex } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView, MeetingView } from '../../src/games/goldrausch/view.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type ViewOverrides = Partial<Omit<GoldrauschView, 'meeting'>> & { meeting?: Partial<MeetingView> | null };

/** A bot's own random stream, as the engine would derive it (purpose bot + seat). */
export function stream(seed: number | string, seat = 0): RandomStream {
  return new RandomSource(seed, 0).stream(64 + seat);
}

/** A meeting view: tick 1 of 12, nothing said, nobody committed. */
export function makeMeeting(players: number, overrides: Partial<MeetingView> = {}): MeetingView {
  return {
    tick: 1,
    ticks: 12,
    locations: new Array<ContinentIndex>(players).fill(2),
    messages: [],
    proposals: [],
    agreements: [null, null, null],
    bindingClauses: [],
    committed: new Array<boolean>(players).fill(false),
    ownCommit: null,
    passed: new Array<boolean>(players).fill(false),
    ...overrides,
  };
}

/**
 * A default view for seat 0 of 4 in round 1 with card RC01 (extraction azul 3, rosso 4, veridia 6)
 * and the 4-player setup stock (7 / 11 / 16), everybody on 5 gold, full hands, no history.
 */
export function makeView(overrides: ViewOverrides = {}): GoldrauschView {
  const players = overrides.players ?? 4;
  const { meeting, ...rest } = overrides;
  return {
    seat: 0,
    players,
    round: 1,
    rules: DEFAULT_RULES,
    params: DEFAULT_PARAMS,
    stage: meeting ? 'meeting' : 'continent',
    startPlayer: 0,
    gold: new Array<number>(players).fill(5),
    stock: [7, 11, 16],
    caps: [10, 20, 30],
    extract: [3, 4, 6],
    currentCard: 'RC01',
    resourceCardsSeen: ['RC01'],
    eventDiscard: [],
    besideClock: [],
    eventDeckSize: 25,
    countryHand: [1, 1, 1],
    upgradeHand: [1, 1],
    kept: new Array<number>(players).fill(0),
    broken: new Array<number>(players).fill(0),
    history: [],
    standingClauses: [],
    ...rest,
    meeting: meeting ? makeMeeting(players, meeting) : null,
  };
}

/** A past round: calm wheel, nobody upgraded, no breaches, unless overridden. */
export function makeRecord(players: number, overrides: Partial<RoundRecord> = {}): RoundRecord {
  const zeros = new Array<number>(players).fill(0);
  const falses = new Array<boolean>(players).fill(false);
  const locations = overrides.locations ?? new Array<ContinentIndex>(players).fill(2);
  return {
    round: 1,
    startPlayer: 0,
    goldBefore: zeros,
    stockBefore: [7, 11, 16],
    extract: [3, 4, 6],
    resourceCard: 'RC01',
    locations,
    messages: [],
    agreements: [],
    commits: new Array<Colour | null>(players).fill('red'),
    commitTicks: zeros,
    wheel: 'calm',
    event: null,
    eventGold: zeros,
    finalLocations: locations,
    finalCards: new Array<Colour | null>(players).fill('red'),
    upgraded: falses,
    upgradeSucceeded: falses,
    collisions: [false, false, false],
    disasters: [false, false, false],
    payout: zeros,
    fines: zeros,
    breaches: [],
    kept: [],
    stockAfterProfit: [7, 11, 16],
    nextResourceCard: 'RC02',
    respawned: [0, 0, 0],
    goldAfter: zeros,
    stockAfter: [7, 11, 16],
    winners: [],
    ...overrides,
  };
}

export function breach(seat: number, round: number, victims: number[]): Breach {
  return { seat, round, continent: 'veridia', source: `r${round}-V-1`, victims };
}

export function proposal(id: string, proposer: number, upgrader: number | null, acceptedBy: number[] = [proposer], continent: ContinentIndex = 2): Proposal {
  return { id, continent, proposer, upgrader, next: [], acceptedBy };
}

export function agreement(id: string, parties: number[], upgrader: number | null, continent: ContinentIndex = 2, round = 1): Agreement {
  return { id, continent, parties, upgrader, round };
}

/** agreements array with `a` in force on its continent. */
export function agreementsWith(a: Agreement): (Agreement | null)[] {
  const out: (Agreement | null)[] = [null, null, null];
  out[a.continent] = a;
  return out;
}

export interface MeetingResult {
  commits: (Colour | null)[];
  commitTicks: number[];
  messages: Message[];
  proposals: Proposal[];
  agreements: (Agreement | null)[];
  /** Messages beyond the first in one turn (the engine drops them and records a fault). */
  extraMessages: number;
}

const LETTER = ['A', 'R', 'V'];

/**
 * Plays phase 3 of one round for `bots` standing on `locations`, starting from `base` (per seat,
 * with the meeting filled in by the driver). Mirrors the engine's protocol as the brief describes it.
 */
export function playMeeting(
  factories: readonly GoldrauschBotFactory[],
  locations: readonly ContinentIndex[],
  base: ViewOverrides = {},
  seed: number | string = 1,
): MeetingResult {
  const players = factories.length;
  const source = new RandomSource(seed, 0);
  const bots: GoldrauschBot[] = factories.map((f, seat) => f.create(seat, source.stream(64 + seat)));
  const round = base.round ?? 1;
  const ticks = 12;
  const messages: Message[] = [];
  const proposals: Mutable<Proposal>[] = [];
  const agreements: (Agreement | null)[] = [null, null, null];
  const commits: (Colour | null)[] = new Array(players).fill(null);
  const commitTicks: number[] = new Array(players).fill(0);
  let extraMessages = 0;
  const counter = [0, 0, 0];
  const onContinent = (c: number) => locations.flatMap((l, s) => (l === c ? [s] : []));

  for (let tick = 1; tick <= ticks; tick++) {
    const order = source.shuffle(
      Array.from({ length: players }, (_, s) => s),
      6,
      tick * 100,
    );
    for (const seat of order) {
      const c = locations[seat];
      if (commits[seat] !== null && onContinent(c).every((s) => commits[s] !== null)) continue;
      const view = makeView({
        ...base,
        seat,
        players,
        meeting: {
          tick,
          ticks,
          locations,
          messages: messages.slice(),
          proposals: proposals.map((p) => ({ ...p, acceptedBy: p.acceptedBy.slice() })),
          agreements: agreements.slice(),
          committed: commits.map((x) => x !== null),
          ownCommit: commits[seat],
        },
      });
      const out: readonly OutgoingMessage[] = bots[seat].negotiate(view);
      if (out.length > 1) extraMessages += out.length - 1;
      if (out.length > 0) {
        const m = out[0];
        const continent = CONTINENTS[c];
        if (m.type === 'PROPOSE') {
          const id = `r${round}-${LETTER[c]}-${++counter[c]}`;
          proposals.push({ id, continent: c, proposer: seat, upgrader: m.plan.upgrader, next: [], acceptedBy: [seat] });
          messages.push({ t: tick, from: seat, round, continent, type: 'PROPOSE', id, plan: m.plan });
          checkAgreement(proposals[proposals.length - 1]);
        } else if (m.type === 'ACCEPT' || m.type === 'REJECT') {
          const p = proposals.find((x) => x.id === m.ref);
          if (!p || p.continent !== c) throw new Error(`seat ${seat} sent ${m.type} for unknown or foreign proposal ${m.ref}`);
          messages.push({ t: tick, from: seat, round, continent, type: m.type, ref: m.ref });
          if (m.type === 'ACCEPT' && !p.acceptedBy.includes(seat)) {
            p.acceptedBy = [...p.acceptedBy, seat];
            checkAgreement(p);
          }
        } else if (m.type === 'PROMISE') {
          messages.push({ t: tick, from: seat, round, continent, type: 'PROMISE', action: m.action, ref: m.ref });
        } else {
          messages.push({ t: tick, from: seat, round, continent, type: m.type });
        }
      }
      if (commits[seat] === null) {
        const colour = bots[seat].commitUpgrade(view); // the view from before this turn's message
        if (colour !== null) {
          commits[seat] = colour;
          commitTicks[seat] = tick;
        }
      }
    }
  }
  return { commits, commitTicks, messages, proposals, agreements, extraMessages };

  function checkAgreement(p: Proposal): void {
    const parties = onContinent(p.continent);
    if (parties.every((s) => p.acceptedBy.includes(s))) {
      agreements[p.continent] = { id: p.id, continent: p.continent, parties, upgrader: p.upgrader, round };
    }
  }
}
