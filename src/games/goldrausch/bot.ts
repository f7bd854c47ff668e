/**
 * The Goldrausch bot contract (docs/games/goldrausch.md §14, §15): one API for the built-in bots and
 * for bot files. A bot sees only its seat's view (`GoldrauschView`, view.ts: read-only, methods that
 * return numbers) and draws chance only from its own random stream; memory across rounds comes from
 * the public history in the view.
 *
 * Encodings (one per concept, for the view, the answers and the engine alike):
 *  - continents: AZUL 0, ROSSO 1, VERIDIA 2;
 *  - upgrade cards: NONE 0 (no card laid / wait), GREEN 1 (upgrade), RED 2 (no upgrade);
 *  - a plan's or proposal's upgrader: a seat, or NOBODY (−1) for "nobody upgrades";
 *  - message types: bits (MSG_PROPOSE 1, MSG_ACCEPT 2, MSG_REJECT 4, MSG_PROMISE 8, MSG_PASS 16,
 *    MSG_COMMITTED 32, MSG_GIFT 64), so a set of types is a bit mask;
 *  - seat sets: bit masks (bit s = seat s);
 *  - proposals: numbered from 0 in the order they were made in the meeting (the view's
 *    `proposalId(i)` gives the id the story shows, e.g. "r3-V-1").
 */
import type { BotFactory } from '../../core/definition.js';
import type { GoldrauschView } from './view.js';

export const AZUL = 0;
export const ROSSO = 1;
export const VERIDIA = 2;

export const NONE = 0;
export const GREEN = 1;
export const RED = 2;
/** A proposal's or plan's upgrader when nobody is to upgrade. */
export const NOBODY = -1;

export const MSG_PROPOSE = 1;
export const MSG_ACCEPT = 2;
export const MSG_REJECT = 4;
export const MSG_PROMISE = 8;
export const MSG_PASS = 16;
export const MSG_COMMITTED = 32;
export const MSG_GIFT = 64;
/** Every message type (a bot without `idleWake` is woken by any message about its continent). */
export const MSG_ALL = 127;

/** A rotation clause of a proposal (§15.2 `next`): in `round`, `upgrader` (a seat or NOBODY) is the one to upgrade. */
export interface Clause {
  readonly round: number;
  readonly upgrader: number;
}

/**
 * A message as the engine reads it: what a bot wrote through its `Outbox`, or what a caller of the
 * engine's `apply` gives in a meeting-turn answer.
 */
export interface Message {
  /** MSG_PROPOSE, MSG_ACCEPT, MSG_REJECT, MSG_PROMISE, MSG_PASS or MSG_GIFT. */
  type: number;
  /** PROPOSE: the upgrader (a seat or NOBODY). */
  upgrader: number;
  /** ACCEPT / REJECT: the proposal; PROMISE: the proposal it refers to, or −1 for none. */
  ref: number;
  /** PROMISE: GREEN or RED. */
  action: number;
  /** PROPOSE: the continent it is about; −1 = the sender's own (others only with negotiationScope table, GR-A11). */
  continent: number;
  /** GIFT (allowGoldGifts only): the recipient and the amount. */
  to: number;
  amount: number;
  /** PROPOSE: rotation clauses, `clauseRounds[k]` and `clauseUpgraders[k]` for k < clauseCount. */
  clauseCount: number;
  readonly clauseRounds: number[];
  readonly clauseUpgraders: number[];
  /** Why the message could not even be written down (a malformed argument), or null. */
  malformed: string | null;
}

/** A blank message record. */
export function newMessage(): Message {
  return {
    type: 0,
    upgrader: NOBODY,
    ref: -1,
    action: NONE,
    continent: -1,
    to: -1,
    amount: 0,
    clauseCount: 0,
    clauseRounds: [],
    clauseUpgraders: [],
    malformed: null,
  };
}

/**
 * Where a bot writes its messages of one meeting turn (`GoldrauschBot.negotiate`): one method per
 * message type, each adding one message. The engine checks them in order after `negotiate` returns
 * (§15.2, GR-A11, GR-A12, at most params.messagesPerTick): an illegal one is dropped and recorded as
 * a fault, the legal ones are sent. The outbox is open only during the seat's own `negotiate`.
 */
export class Outbox {
  #list: Message[] = [];
  #count = 0;
  #calls = 0;
  #open = false;

  /** PROPOSE (§15.2): `upgrader` (a seat or NOBODY) is the only one to upgrade; optionally about another continent (GR-A11 table) and with rotation clauses for later rounds. */
  propose(upgrader: number, options?: { readonly continent?: number; readonly next?: readonly Clause[] }): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_PROPOSE;
    m.upgrader = upgrader;
    if (options !== undefined) {
      if (options === null || typeof options !== 'object') {
        m.malformed = 'the options of a PROPOSE must be an object { continent?, next? }';
        return;
      }
      // Each field read once: a getter cannot make what is checked differ from what is sent.
      const continent = options.continent;
      if (continent !== undefined) m.continent = continent;
      const next = options.next;
      if (next !== undefined) {
        if (!Array.isArray(next)) {
          m.malformed = 'a PROPOSE next must be an array of clauses { round, upgrader }';
          return;
        }
        for (let k = 0, count = next.length; k < count; k++) {
          const clause: unknown = next[k];
          if (clause === null || typeof clause !== 'object') {
            m.malformed = 'a PROPOSE next clause must be an object { round, upgrader }';
            return;
          }
          m.clauseRounds[k] = (clause as Clause).round;
          m.clauseUpgraders[k] = (clause as Clause).upgrader;
          m.clauseCount = k + 1;
        }
      }
    }
  }

  /** ACCEPT proposal `proposal` (its number in this meeting). */
  accept(proposal: number): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_ACCEPT;
    m.ref = proposal;
  }

  /** REJECT proposal `proposal`. */
  reject(proposal: number): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_REJECT;
    m.ref = proposal;
  }

  /** PROMISE GREEN or RED, optionally about proposal `proposal` (−1: none). */
  promise(action: number, proposal = -1): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_PROMISE;
    m.action = action;
    m.ref = proposal;
  }

  /** PASS: nothing more to say this meeting (once its card is down, the seat is then skipped). */
  pass(): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_PASS;
  }

  /** GIFT `amount` gold to seat `to` (allowGoldGifts only, GR-A12). */
  gift(to: number, amount: number): void {
    const m = this.#next();
    if (m === null) return;
    m.type = MSG_GIFT;
    m.to = to;
    m.amount = amount;
  }

  /** A blank record for the next message; null once more messages were written than anybody may send (they are only counted). */
  #next(): Message | null {
    if (!this.#open) throw new Error('the outbox is open only during negotiate (a message must be written in the seat’s own turn)');
    this.#calls++;
    if (this.#count >= 64) return null;
    let m = this.#list[this.#count];
    if (m === undefined) this.#list.push((m = newMessage()));
    this.#count++;
    m.upgrader = NOBODY;
    m.ref = -1;
    m.action = NONE;
    m.continent = -1;
    m.to = -1;
    m.amount = 0;
    m.clauseCount = 0;
    m.malformed = null;
    return m;
  }

  // The engine's side (`GoldrauschBot` authors need none of these).

  /** Opens the outbox for a seat's `negotiate`: empty. */
  open(): void {
    this.#count = 0;
    this.#calls = 0;
    this.#open = true;
  }

  close(): void {
    this.#open = false;
  }

  /** Messages written (at most 64 are kept) and how many were asked for. */
  get count(): number {
    return this.#count;
  }
  get calls(): number {
    return this.#calls;
  }

  /** The k-th message written (k < count). */
  message(k: number): Message {
    return this.#list[k];
  }

  /** The messages written: entries 0 … count − 1 of this list (the engine's, never kept past the turn). */
  get messages(): readonly Message[] {
    return this.#list;
  }
}

export interface GoldrauschBot {
  /** D1: the continent (AZUL, ROSSO or VERIDIA) of the country card to lay face down in phase 1; one in hand. */
  chooseContinent(view: GoldrauschView): number;
  /** D1b: the provisional upgrade card, GREEN or RED (only matters with phase1UpgradeCard default-commitment; default RED). */
  provisionalUpgrade?(view: GoldrauschView): number;
  /**
   * D2: this turn's messages, written into `out` (at most params.messagesPerTick are used; none:
   * write nothing). Asked on every meeting turn the seat gets, before `commitUpgrade`, with the same view.
   */
  negotiate(view: GoldrauschView, out: Outbox): void;
  /**
   * D3/D4: GREEN or RED to lay a card now, NONE to wait; no card by the last tick counts as red.
   * Asked while the seat has laid no card (or with commitRevisable), with the view as it was before
   * this turn's messages.
   */
  commitUpgrade(view: GoldrauschView): number;
  /**
   * Optional, for speed only: it must never change a game. Asked right after a meeting turn in which
   * the bot wrote no message and laid no card (and had no fault), with the same view. Returning a tick
   * T above the current one promises: as long as no new message about this seat's continent of a type
   * in `idleWake` (or any GIFT) appears, every turn of this meeting before tick T would again write no
   * message and lay no card, draw nothing from the bot's stream, and skipping them changes nothing the
   * bot does later. The engine then skips those turns (the bot is not called). Within a meeting a
   * seat's view changes only by the tick and by new messages, so a bot whose meeting decisions read
   * only its own continent and the tick can keep this promise. 0 (or no method): asked every turn.
   */
  idleUntil?(view: GoldrauschView): number;
  /** With `idleUntil`: the message types (MSG_* bits) about its continent that wake it; default MSG_ALL. */
  readonly idleWake?: number;
}

/** A bot file's default export, and every built-in bot: a factory that makes a fresh bot for one seat of one game. */
export type GoldrauschBotFactory = BotFactory<GoldrauschBot>;

const WITHOUT_DETAIL = new WeakSet<object>();

/**
 * Marks built-in factories whose bots read of the history only where the pawns stood, the cards laid,
 * who upgraded alone and who broke an obligation — what every state records (state.ts `detail`).
 * A line-up of only such bots plays on the fast player without the story's detail; any other bot (a
 * bot file, the search bot) gets the whole record, as on the generic driver.
 */
export function readsNoDetail(factory: GoldrauschBotFactory): GoldrauschBotFactory {
  WITHOUT_DETAIL.add(factory);
  return factory;
}

/** Whether a line-up needs the whole public record (one of its bots is not marked `readsNoDetail`). */
export function needsDetail(factories: readonly object[]): boolean {
  return factories.some((f) => !WITHOUT_DETAIL.has(f));
}
