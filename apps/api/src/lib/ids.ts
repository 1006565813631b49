const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive as any text; one that is not a uuid cannot exist, and must not reach a uuid column. */
export const isUuid = (text: string) => UUID.test(text);
