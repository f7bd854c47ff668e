/**
 * §3 Setup (docs/games/goldrausch.md): both decks shuffled, the first resource card's respawn ×2/×3
 * on the board (capped, GR-A38), 5 gold to each seat, a random start player (GR-A8) — on a state
 * made once and set up again for every game.
 */
import { Purpose } from './purposes.js';
import { setExtract, takeFromBank } from './climate.js';
import { shuffleList, type Draws } from './draws.js';
import { GoldrauschState, nextSerial, Stage } from './state.js';

/** Sets `s` up for a new game from `draws` (everything of the last game is overwritten or cleared). */
export function startGame(s: GoldrauschState, draws: Draws): void {
  const n = s.players;
  s.game = nextSerial();
  s.lean = false;
  const order = s.resourceOrder;
  for (let i = 0; i < s.cardCount; i++) order[i] = i;
  s.resourceLength = s.cardCount;
  shuffleList(draws, order, s.cardCount, Purpose.resourceDeck, 0);
  const deck = s.eventDeck;
  const base = s.eventBase;
  for (let i = 0; i < base.length; i++) deck[i] = base[i];
  s.eventLength = base.length;
  shuffleList(draws, deck, base.length, Purpose.eventDeck, 0);
  s.eventPos = 0;
  s.discardLength = 0;
  s.besideLength = 0;
  s.eventShuffles = 0;
  // GR-A38 (and GR-A35: a finite bank pays the continents first, then the seats in order).
  s.bank = s.finiteBank ? 270 : 0;
  s.capReduction = 0;
  const first = order[0];
  for (let c = 0; c < 3; c++) s.stock[c] = takeFromBank(s, Math.min(s.caps[c], s.respawnOf[first * 3 + c] * s.setupMultiplier));
  for (let seat = 0; seat < n; seat++) s.gold[seat] = takeFromBank(s, s.startingGold);
  s.startPlayer = draws.int(Purpose.setup, 0, n);
  s.round = 1;
  s.stage = Stage.continent;
  s.historyLength = 0;
  s.resourcePos = 1;
  s.currentCard = first;
  s.resourceShuffles = 0;
  s.tieBreaks = 0;
  setExtract(s);
  for (let seat = 0; seat < n; seat++) {
    s.finesPaid[seat] = 0;
    s.kept[seat] = 0;
    s.broken[seat] = 0;
    const country = s.countryHands[seat];
    country[0] = country[1] = country[2] = 1;
    const upgrade = s.upgradeHands[seat];
    upgrade[0] = upgrade[1] = 1;
  }
  s.clauseCount = 0;
  s.winnerCount = 0;
  s.ending = -1;
  s.proposalCount = 0;
  s.poolLength = 0;
  s.archiveCount = 0;
  s.archivePoolLength = 0;
  s.logLength = 0;
  s.meetingLog = 0;
  s.cardsDrawn = 0;
  const counters = s.counters;
  for (let k = 0; k < counters.length; k++) {
    const row = counters[k];
    for (let seat = 0; seat < n; seat++) row[seat] = 0;
  }
}

/** A state for one game of `config` with `players` seats, set up with `draws` (the engine's `setup`). */
export function newGame(config: GoldrauschState['config'], players: number, draws: Draws): GoldrauschState {
  const s = new GoldrauschState(config, players);
  startGame(s, draws);
  return s;
}
