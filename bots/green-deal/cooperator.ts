/**
 * `cooperator`: greedy's investments, but at every contact it cooperates, and it places its tile
 * beside other players' tiles of its category where it can (each such contact counts a bonus on top
 * of the income it gains); bids a little less than greedy (15% of its cash).
 */
import { makeGreedy } from './greedy.js';

export default makeGreedy(
  { contact: 'cooperate', contactSeeking: 3, bidShare: 0.15 },
  'cooperator',
  "always cooperates and places beside other players' tiles of its category; greedy investments",
);
