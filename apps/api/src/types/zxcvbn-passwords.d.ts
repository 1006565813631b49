/**
 * The common-password list of @zxcvbn-ts/language-common on its own (the package's index also
 * loads keyboard graphs and diceware words we do not use). The package has no `exports` map,
 * so this built file is reachable; its default export is the list, most common first.
 */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
