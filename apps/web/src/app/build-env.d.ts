/** Injected at build time by vite.config.ts (`define`). */
declare const __BUILD_ID__: string;
declare const __BUILD_TIME__: number;
