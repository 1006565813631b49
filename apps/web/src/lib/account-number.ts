/** The last four digits, which is how people recognise their own account. */
export const getLastFour = (accountNumber: string) => accountNumber.slice(-4);

/** Lists show only the last four digits (docs/brand.md): `•••• 6322`. */
export const maskAccountNumber = (accountNumber: string) => `•••• ${getLastFour(accountNumber)}`;
