// Types of scripts/built.js (plain JavaScript: bin/atrium.js runs it before anything can compile TypeScript).
export declare const DIST_CLI: string;
export declare function builtIsCurrent(): boolean;
