// Registers the templates module's GraphQL types and root fields.
import './types.ts';
import './fields.ts';
