/**
 * The examples each command's `--help` ends with: what a user types first, on the shipped scenarios
 * and games. They live with the games (the CLI names no game: test/core/game-agnostic.test.ts);
 * src/cli/examples.ts hands them to yargs. Every command has some (test/cli/help.test.ts): a new
 * command adds its own here.
 */
export const EXAMPLES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  run: [
    ['$0 run scenarios/baseline.json --games 20000', 'play 20,000 games; the report goes to reports/baseline/'],
    ['$0 run scenarios/gold-4p.json --precision 0.01', 'play until every win rate is known to ±1 pp'],
    ['$0 run scenarios/baseline.json --shard 1/4 --out part', 'play a quarter of the games (then `goldpit merge`)'],
  ],
  sweep: [
    ['$0 sweep scenarios/baseline.json --vary params.fine=0..6 --games 4000', 'the fine from 0 to 6, every point on the same deals'],
    ["$0 sweep scenarios/baseline.json --vary 'seats[0]=greedy,./my-bot.ts'", 'a seat played by a built-in or a bot file'],
  ],
  balance: [
    [
      '$0 balance scenarios/mirror-cooperative.json --vary params.fine=0..8 --target "seatSpread <= 0.02"',
      'find a fine that evens the seats, with 95% confidence',
    ],
  ],
  compare: [
    ['$0 compare scenarios/baseline.json scenarios/fines-to-continent.json --games 4000', 'the two readings of the fine (GR-A15) on the same deals'],
    ['$0 compare my-game-v1.json my-game-v2.json', 'two variants a designer keeps as files'],
  ],
  sensitivity: [
    ['$0 sensitivity scenarios/baseline.json --all-params', 'which of the game\u2019s tunables move which metric (Morris screening)'],
    ['$0 sensitivity scenarios/baseline.json --vary params.fine=0..6 --vary params.rounds=8..12', 'the named knobs only'],
  ],
  merge: [['$0 merge part1/partial-1-of-2.json part2/partial-2-of-2.json --out reports/all', 'add up the shards of one run']],
  impact: [
    ['$0 impact scenarios/baseline.json --card all --games 4000', 'what each event card does, against a blank on the same deals'],
    ['$0 impact scenarios/my-gold-mine-4p.json --card dragon', 'one card'],
  ],
  baseline: [['$0 baseline scenarios/baseline.json --out baselines/baseline.json', 'record the per-deal outcomes that `check` compares against']],
  check: [
    ['$0 check scenarios/baseline.json --baseline baselines/baseline.json', 'has a change moved the balance? (exit 0 PASS, 1 FAIL, 3 INCONCLUSIVE)'],
    ['$0 check scenarios/baseline.json --baseline baselines/baseline.json --until-decided --markdown', 'in CI: play until decided'],
  ],
  replay: [
    ['$0 replay scenarios/baseline.json --game 17', 'the story of game 17 of the run, turn by turn'],
    ['$0 replay scenarios/baseline.json --game 17 --html', 'its replay page: step through it in the browser'],
    ['$0 replay scenarios/baseline.json --examples', "the replay pages of the report's example games, beside it"],
  ],
  verify: [['$0 verify fixtures/', 'every round fixture of every game']],
  tournament: [
    ['$0 tournament --game gold-knizia', 'rate every built-in bot of GOLD (Knizia)'],
    ['$0 tournament --bots ./my-bot.ts,greedy,cooperative,betrayer --deals 20', 'your bot against three built-ins'],
  ],
  skill: [['$0 skill scenarios/gold-4p.json', 'the skill ladder of a scenario\u2019s game']],
  'new-bot': [
    ['$0 new-bot my-bot --game gold-knizia', 'a commented starter bot for GOLD (Knizia): ./my-bot.ts'],
    ['$0 new-bot my-greedy --from greedy', 'a copy of the built-in greedy to edit'],
  ],
  'check-bot': [['$0 check-bot ./my-bot.ts', 'type errors, faults and replays of your bot, in a few seconds']],
  worker: [['$0 worker --queue redis://localhost:6379', 'play the batches that `--queue` coordinators put on this Redis']],
};
