/** `--json` of the commands that print a result: the result (what the command writes as its .json file) on stdout, nothing else. */
export const JSON_OPTION = {
  type: 'boolean',
  default: false,
  describe: 'print the result as JSON on stdout (what the command writes as its .json file), without progress or table',
} as const;
