export declare function namedFiles(args: string[], root: string): string[];
