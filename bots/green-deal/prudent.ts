/**
 * `prudent`: greedy's investments, but it never holds more than one loan and repays it as soon as it
 * keeps 6 cash beside the repayment, and it bids low (a tenth of its cash, at most 2).
 */
import { makeGreedy } from './greedy.js';

export default makeGreedy(
  { maxLoans: 1, repayBuffer: 6, bidShare: 0.1, bidCap: 2 },
  'prudent',
  'never holds more than one loan (repaid early), bids low (at most 2); greedy investments',
);
