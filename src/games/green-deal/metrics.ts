/**
 * Green Deal's measures in one place: the names, labels and descriptions of the per-seat counters,
 * per-round totals and endings the engine records (GameRecord.counters / roundCounters /
 * outcome.endedBy). The engine writes them by the index constants below; reports read the labels.
 */

export interface MetricInfo {
  readonly name: string;
  readonly label: string;
  readonly description: string;
}

/** Per-seat counters over the game (GameRecord.counters, this order). */
export const COUNTER_INFO: readonly MetricInfo[] = [
  { name: 'sustainabilityCards', label: 'sustainability cards', description: 'sustainability cards bought (main option M1)' },
  { name: 'actionCards', label: 'action cards', description: 'purple action cards bought (M2/M4)' },
  { name: 'taxRefunds', label: 'Tax Refunds', description: 'times the Tax Refund was used (M2/M4)' },
  { name: 'loansTaken', label: 'loans taken', description: 'loans taken (M3/M4)' },
  { name: 'loansRepaid', label: 'loans repaid', description: 'loans repaid in full during play (the final partial repayment not counted)' },
  { name: 'prChipsBought', label: 'PR chips bought', description: 'PR chips bought as the extra option X1' },
  { name: 'prPlacesWon', label: 'PR places won', description: 'places with VP won at the PR scorings (category × scoring)' },
  { name: 'dividends', label: 'dividends', description: 'dividends paid (extra option X2)' },
  { name: 'handCardsPlayed', label: 'hand cards played', description: 'action cards played from the hand (extra option X3)' },
  { name: 'tiles', label: 'tiles', description: 'project tiles placed on the map' },
  { name: 'cooperations', label: 'cooperations', description: 'cooperations taken part in (placing or touched; one with an own tile once)' },
  { name: 'competitionsWon', label: 'competitions won', description: 'contacts in which the seat chose competition (its income rose by the difference)' },
  { name: 'competitionsLost', label: 'competitions lost', description: "contacts in which another seat competed against the seat's tile" },
  { name: 'bidTotal', label: 'cash bid', description: 'cash paid in the auctions (all-pay)' },
  { name: 'firstInOrder', label: 'rounds first', description: 'rounds in which the seat was first in turn order' },
  { name: 'prVp', label: 'VP from PR', description: 'VP from the PR scorings' },
  { name: 'sustainabilityVp', label: 'VP from sustainability', description: 'VP from the sustainability scorings (weakest category)' },
  { name: 'valuationVp', label: 'VP from valuation', description: 'VP from the company valuation (income ranking)' },
  { name: 'dividendVp', label: 'VP from dividends', description: 'VP from dividends' },
  { name: 'cardVp', label: 'VP from cards', description: 'VP printed on cards bought or played, and end-of-game VP of action cards' },
  { name: 'loanPenalty', label: 'VP lost to loans', description: 'VP lost for loan repayments left unpaid at the end (GD-A5)' },
  { name: 'weakestStageFirst', label: 'weakest stage (1st scoring)', description: 'stage of the weakest category at the first sustainability scoring' },
  { name: 'weakestStageLast', label: 'weakest stage (last scoring)', description: 'stage of the weakest category at the last sustainability scoring' },
  { name: 'income20', label: 'income at 20%', description: 'income after a fifth of the rounds (round 2 of 10)' },
  { name: 'income40', label: 'income at 40%', description: 'income after two fifths of the rounds (round 4 of 10)' },
  { name: 'income60', label: 'income at 60%', description: 'income after three fifths of the rounds (round 6 of 10)' },
  { name: 'income80', label: 'income at 80%', description: 'income after four fifths of the rounds (round 8 of 10)' },
  { name: 'finalIncome', label: 'final income', description: 'income at the end (the valuation ranks it)' },
  { name: 'finalCash', label: 'final cash', description: 'cash at the end, after the final loan repayment' },
];

/** Per-round totals over all seats (GameRecord.roundCounters, this order). */
export const ROUND_COUNTER_INFO: readonly MetricInfo[] = [
  { name: 'bids', label: 'cash bid', description: 'cash bid in the auction, all seats (every bid is paid)' },
  { name: 'sustainabilityCards', label: 'sustainability cards', description: 'sustainability cards bought' },
  { name: 'actionCards', label: 'action cards', description: 'action cards bought' },
  { name: 'taxRefunds', label: 'Tax Refunds', description: 'Tax Refunds used' },
  { name: 'loansTaken', label: 'loans taken', description: 'loans taken' },
  { name: 'loansRepaid', label: 'loans repaid', description: 'loans repaid' },
  { name: 'prChipsBought', label: 'PR chips bought', description: 'PR chips bought' },
  { name: 'dividends', label: 'dividends', description: 'dividends paid' },
  { name: 'handCardsPlayed', label: 'hand cards played', description: 'action cards played from hands' },
  { name: 'tiles', label: 'tiles', description: 'tiles placed' },
  { name: 'cooperations', label: 'cooperations', description: 'contacts resolved as cooperation' },
  { name: 'competitions', label: 'competitions', description: 'contacts resolved as competition' },
  { name: 'income', label: 'income', description: 'income of all seats together after the round' },
  { name: 'cash', label: 'cash', description: 'cash of all seats together after the round' },
];

/** How the winner was decided (§5 end: most VP; tie → higher income, then more cash; GD-A22 shared). */
export const ENDING_INFO: readonly MetricInfo[] = [
  { name: 'vp', label: 'most VP', description: 'one seat had the most VP' },
  { name: 'income', label: 'income tie-break', description: 'the top VP were tied and the higher income decided' },
  { name: 'cash', label: 'cash tie-break', description: 'top VP and income were tied and more cash decided' },
  { name: 'shared', label: 'shared win', description: 'VP, income and cash were tied at the top (GD-A22: shared)' },
];

export const COUNTERS: readonly string[] = COUNTER_INFO.map((m) => m.name);
export const ROUND_COUNTERS: readonly string[] = ROUND_COUNTER_INFO.map((m) => m.name);
export const ENDINGS: readonly string[] = ENDING_INFO.map((m) => m.name);

// Indices the engine writes by (kept equal to the lists above; test/games/green-deal checks it).
export const C_SUST = 0;
export const C_ACTION = 1;
export const C_TAX = 2;
export const C_LOANS_TAKEN = 3;
export const C_LOANS_REPAID = 4;
export const C_PR_BOUGHT = 5;
export const C_PR_PLACES = 6;
export const C_DIVIDENDS = 7;
export const C_HAND_PLAYED = 8;
export const C_TILES = 9;
export const C_COOPERATIONS = 10;
export const C_COMPETITIONS_WON = 11;
export const C_COMPETITIONS_LOST = 12;
export const C_BID_TOTAL = 13;
export const C_FIRST = 14;
export const C_PR_VP = 15;
export const C_SUST_VP = 16;
export const C_VALUATION_VP = 17;
export const C_DIVIDEND_VP = 18;
export const C_CARD_VP = 19;
export const C_LOAN_PENALTY = 20;
export const C_STAGE_FIRST = 21;
export const C_STAGE_LAST = 22;
export const C_INCOME_20 = 23;
export const C_FINAL_INCOME = 27;
export const C_FINAL_CASH = 28;

export const R_BIDS = 0;
export const R_SUST = 1;
export const R_ACTION = 2;
export const R_TAX = 3;
export const R_LOANS_TAKEN = 4;
export const R_LOANS_REPAID = 5;
export const R_PR_BOUGHT = 6;
export const R_DIVIDENDS = 7;
export const R_HAND_PLAYED = 8;
export const R_TILES = 9;
export const R_COOPERATIONS = 10;
export const R_COMPETITIONS = 11;
export const R_INCOME = 12;
export const R_CASH = 13;

export const ENDING_VP = 0;
export const ENDING_INCOME = 1;
export const ENDING_CASH = 2;
export const ENDING_SHARED = 3;
