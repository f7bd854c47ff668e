/**
 * The heuristic Green Deal bots are one player with a style (greedy, cooperator, competitor,
 * prudent and their named variants): the same value estimates (value.ts), told apart by how they bid,
 * how many loans they hold, whether they buy PR chips, and how they meet other players' tiles.
 */
export interface Style {
  /** D1: the share of its cash the bot bids (rounded down, at most the wheel). */
  readonly bidShare: number;
  /** D1: bids at most this much (prudent bids low). */
  readonly bidCap: number;
  /** Loans the bot holds at most (prudent: 1). */
  readonly maxLoans: number;
  /** Repays loans during play once it has this much cash beyond the repayment (Infinity: only at the end). */
  readonly repayBuffer: number;
  /** X1: 'value' buys a PR chip when it is worth its price, 'always' whenever affordable, 'never' never. */
  readonly pr: 'value' | 'always' | 'never';
  /** D4: 'best' takes the contact worth more to itself, 'cooperate' always cooperates, 'compete' competes whenever allowed. */
  readonly contact: 'best' | 'cooperate' | 'compete';
  /** D4: how much the bot values a cell's contacts with other players' tiles beyond its own income (seeking contact). */
  readonly contactSeeking: number;
}

export const GREEDY: Style = {
  bidShare: 0.2,
  bidCap: 1000,
  maxLoans: 2,
  repayBuffer: Number.POSITIVE_INFINITY,
  pr: 'value',
  contact: 'best',
  contactSeeking: 0,
};
