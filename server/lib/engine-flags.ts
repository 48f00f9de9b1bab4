import v8 from 'node:v8';

// V8 settings the server needs, set before any request runs (ADR 042). Imported first by main.ts.
//
// The content check (ADR 036) matches every message against a few large alternations of phrase
// patterns. V8 runs a new regular expression in its bytecode interpreter first and compiles it to
// machine code on the next run, and it drops that machine code again at full garbage collections.
// For these expressions the interpreted run costs 100–400 ms (measured: the chat bench's p99 was
// 213–800 ms, every slow message sitting behind one such run on the sending instance; with this flag
// it is 36 ms). Compiling at once costs 20–30 ms after each full collection instead.
v8.setFlagsFromString('--no-regexp-tier-up');
