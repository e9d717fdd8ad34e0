// GraphQL input -> service input: absent fields are undefined, and explicit nulls also mean "not given" here.
export const given = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
