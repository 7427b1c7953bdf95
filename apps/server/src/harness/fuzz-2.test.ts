import { defineFuzzSuite } from './fuzz-suite';

// The second half of the routes (fuzz-suite.ts); fuzz.test.ts drives the first.
defineFuzzSuite(1, 2);
