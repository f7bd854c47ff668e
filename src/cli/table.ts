/** `--table BOT` of run, sweep, balance, impact, baseline, check and replay (sim/table.ts). */

export const TABLE_OPTION = {
  type: 'string',
  describe:
    'every seat plays BOT (a built-in such as greedy or ismcts:iterations=200, or a bot file): skill-robust balance; the scenario name, and so the output folder, gains -table-BOT',
} as const;
