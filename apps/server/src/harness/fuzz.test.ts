import { defineFuzzSuite } from './fuzz-suite';

// The first half of the routes (fuzz-suite.ts); fuzz-2.test.ts drives the other.
defineFuzzSuite(0, 2);
