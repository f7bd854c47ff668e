/** `--engine` of every command that plays games (sim/run.ts `Engine`): one definition, one wording. */
export const ENGINE_OPTION = {
  choices: ['auto', 'reference'] as const,
  default: 'auto' as const,
  describe:
    "auto: the game's fast player (a tight loop over the game's one engine) when it can play the line-up, the same games; reference: always the generic driver (every decision asked through the game contract)",
};
