export declare const TEST_CACHE_DIR: string;
