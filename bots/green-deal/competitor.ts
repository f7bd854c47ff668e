/**
 * `competitor`: greedy's investments, but it competes whenever the rules let it (its tile is the
 * higher one), and it places its tile where it touches other players' tiles (a bonus per contact);
 * bids more than greedy (30% of its cash) to pick first.
 */
import { makeGreedy } from './greedy.js';

export default makeGreedy(
  { contact: 'compete', contactSeeking: 3, bidShare: 0.3 },
  'competitor',
  'competes whenever allowed and seeks contact with other tiles; bids high; greedy investments',
);
